// The two ways to deploy the stack, chosen by context (`cdk deploy -c profile=production`; `dev` is the
// default), and the synth-time checks that keep a production deploy from failing half-way:
//
//   dev         today's single small OpenSearch node (t3.small.search, 10 GB gp3), no replicas, the
//               labelled demo corpus loaded at deploy, no reserved concurrency, alarms optional
//   production  two data nodes in two Availability Zones on a current general-purpose Graviton type
//               (m7g.large.search, 20 GB gp3 each), one replica, an empty index, deletion protection
//               for the simulation table once the stack exists, reserved concurrency for the API, the
//               authorizer and the agent turn, and an alarm subscriber required
//
// Reserved concurrency is set from context. Lambda keeps at least 100 executions of a Region's quota
// unreserved, so a deploy whose reservations leave less fails (UpdateFunctionConcurrency: "Specified
// ReservedConcurrentExecutions for function decreases account's UnreservedConcurrentExecution below its
// minimum value of [100]"). Source: https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html
// ("Lambda … keeps at least 100 units of concurrency unreserved"). A new account's quota can be as low
// as 10 (https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html), where no reservation
// fits. The account's figure is read, not trusted: at deploy, by a check the domain and every
// reservation wait for (functions/deploy/account-concurrency.ts: the create fails in its first minute);
// `-c accountConcurrency=<n>` (docs/deploy.md gives the command that reads it) checks it at synth too.
//
// The domain's shape is checked here too, before anything is deployed: over two zones OpenSearch needs
// an even number of data nodes (https://docs.aws.amazon.com/opensearch-service/latest/developerguide/managedomains-multiaz.html),
// and each node's EBS volume has a per-instance-type range (limits.html#ebsresource;
// `aws opensearch describe-instance-type-limits` gives it for a type): synth keeps within bounds that hold
// for the types this stack uses.
import { UNRESERVED_MINIMUM } from "../functions/deploy/account-concurrency.ts";
import { DongneError } from "../shared/platform/errors.ts";

export type ProfileName = "dev" | "production";
export const PROFILES: readonly ProfileName[] = ["dev", "production"];

/** Lambda keeps this many executions of the account's quota unreserved (see above). */
export { UNRESERVED_MINIMUM };

/**
 * The EBS volume a data node may have (GiB), below the service's published maxima: 100 for the burstable
 * t3 types (their gp2 maximum; the smallest), 512 for the others (the general-purpose large types'
 * smallest maximum). Past these a 15–30-minute domain create fails at its end.
 */
export const VOLUME_GB = { min: 10, t3Max: 100, max: 512 } as const;

export interface Reservations {
  /** the HTTP API's Lambda */
  api: number;
  /** the API-key authorizer */
  authorizer: number;
  /** the simulation's agent turn (one Lambda per agent in flight) */
  agentTurn: number;
}

export interface Profile {
  name: ProfileName;
  opensearch: {
    instanceType: string;
    dataNodes: number;
    /** Availability Zones the data nodes are spread across (1: no zone awareness) */
    zones: number;
    volumeGb: number;
    /** replicas of the restaurant index: at most data nodes − 1, or the cluster stays yellow */
    replicas: number;
  };
  /** load the labelled synthetic demo corpus after the index is created (the first question is answered) */
  demoCorpus: boolean;
  /**
   * the simulation table refuses deletion, switched on by a step ordered after every other resource
   * (never in the first create: a rollback must be able to delete what it made)
   */
  deletionProtection: boolean;
  /** reserved concurrency per function; undefined: none (the account's pool is shared) */
  reservations?: Reservations;
  /** the spend and other alarms must notify someone */
  requireAlarmSubscriber: boolean;
}

/** Default reservations in production (context `reservedConcurrency` overrides them). */
export const DEFAULT_RESERVATIONS: Reservations = { api: 50, authorizer: 20, agentTurn: 100 };

/** A context value (`-c key=value`) that cannot be used. */
export class ProfileError extends DongneError {
  constructor(message: string) {
    super("invalid", message);
  }
}

/** Context values as the CDK app reads them (`-c key=value` gives strings). */
export type Context = (key: string) => unknown;

const number = (ctx: Context, key: string): number | undefined => {
  const v = ctx(key);
  if (v === undefined || v === null || v === "") return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new ProfileError(`-c ${key}=${JSON.stringify(v)}: a whole number is needed`);
  return n;
};

/** `api=50,authorizer=20,agentTurn=100` (or a JSON object) → reservations, defaults for what is left out. */
export function parseReservations(value: unknown): Reservations {
  if (value === undefined || value === "") return { ...DEFAULT_RESERVATIONS };
  const entries: [string, unknown][] =
    typeof value === "object" && value !== null
      ? Object.entries(value)
      : (typeof value === "string" ? value : JSON.stringify(value))
          .split(",")
          .map((pair) => pair.split("=").map((s) => s.trim()) as [string, string]);
  const out = { ...DEFAULT_RESERVATIONS };
  for (const [key, raw] of entries) {
    if (!(key in out))
      throw new ProfileError(
        `-c reservedConcurrency: unknown function "${key}" (api, authorizer, agentTurn)`,
      );
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0)
      throw new ProfileError(`-c reservedConcurrency: ${key}=${JSON.stringify(raw)} is not a whole number`);
    out[key as keyof Reservations] = n;
  }
  return out;
}

/**
 * Refuses reservations that would leave fewer than 100 executions unreserved in the account's quota:
 * the deploy would fail on the function's concurrency update, after the domain (15–30 minutes) was made.
 */
export function checkReservations(reservations: Reservations, accountQuota: number): void {
  const total = reservations.api + reservations.authorizer + reservations.agentTurn;
  const room = accountQuota - UNRESERVED_MINIMUM;
  if (total > room)
    throw new ProfileError(
      `reserved concurrency ${total} (api ${reservations.api} + authorizer ${reservations.authorizer} + ` +
        `agentTurn ${reservations.agentTurn}) leaves fewer than ${UNRESERVED_MINIMUM} of the account's ` +
        `quota of ${accountQuota} unreserved, which Lambda refuses: lower -c reservedConcurrency=… (at most ` +
        `${Math.max(0, room)} in all) or raise the quota (Service Quotas, "Concurrent executions") and pass ` +
        `-c accountConcurrency=<new quota>`,
    );
}

/** A data node's volume within VOLUME_GB for its instance type. */
export function checkVolume(gb: number, instanceType: string): number {
  const max = instanceType.startsWith("t3.") ? VOLUME_GB.t3Max : VOLUME_GB.max;
  if (gb < VOLUME_GB.min || gb > max)
    throw new ProfileError(
      `-c opensearchVolumeGb=${gb}: a ${instanceType} data node takes ${VOLUME_GB.min}–${max} GB here ` +
        "(aws opensearch describe-instance-type-limits gives the service's own range)",
    );
  return gb;
}

/** The profile the context asks for, with its checks; throws a ProfileError that says what to pass. */
export function resolveProfile(ctx: Context): Profile {
  const name = (ctx("profile") ?? "dev") as string;
  if (!PROFILES.includes(name as ProfileName))
    throw new ProfileError(`-c profile=${name}: the profiles are ${PROFILES.join(" and ")}`);
  const instanceType = ctx("opensearchInstanceType") as string | undefined;
  if (name === "dev")
    return {
      name: "dev",
      opensearch: {
        instanceType: instanceType ?? "t3.small.search",
        dataNodes: 1,
        zones: 1,
        volumeGb: 10,
        replicas: 0,
      },
      demoCorpus: true,
      deletionProtection: false,
      requireAlarmSubscriber: false,
    };
  const dataNodes = number(ctx, "opensearchDataNodes") ?? 2;
  if (dataNodes < 2) throw new ProfileError("production needs at least two data nodes (two zones)");
  if (dataNodes % 2)
    throw new ProfileError(
      `-c opensearchDataNodes=${dataNodes}: over two Availability Zones OpenSearch needs an even number of data nodes`,
    );
  const type = instanceType ?? "m7g.large.search";
  const volumeGb = checkVolume(number(ctx, "opensearchVolumeGb") ?? 20, type);
  // given: checked now; absent: the deploy reads the account's figure before anything slow
  const quota = number(ctx, "accountConcurrency");
  const reservations = parseReservations(ctx("reservedConcurrency"));
  if (quota !== undefined) checkReservations(reservations, quota);
  return {
    name: "production",
    opensearch: { instanceType: type, dataNodes, zones: 2, volumeGb, replicas: Math.min(1, dataNodes - 1) },
    demoCorpus: false,
    deletionProtection: true,
    reservations,
    requireAlarmSubscriber: true,
  };
}
