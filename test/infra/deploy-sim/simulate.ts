// The deploy, walked as CloudFormation runs it: a create in dependency order with every create rule
// checked at each resource; then, for every resource in turn, a create that fails there, its rollback
// (what the rollback deletes, in reverse order, and whether each deletion can succeed), what it leaves
// behind, and whether a second deploy of the same template can succeed on top of that.
import {
  DEFAULT_ENVIRONMENT,
  fixedName,
  rulesFor,
  type Environment,
  type RollbackState,
  type TakenName,
} from "./rules.ts";
import { shown, type TemplateGraph } from "./template.ts";

export interface Finding {
  rule: string;
  resource: string;
  type: string;
  message: string;
}

export interface CreateOutcome {
  /** the waves CloudFormation can start one after another */
  waves: string[][];
  /** the first failures: rule violations at resources whose every dependency was created */
  failures: Finding[];
  /** resources never attempted, because something they wait for failed */
  blocked: Set<string>;
}

/** A create of the whole template: each resource's create rules, in CloudFormation's order. */
export function simulateCreate(graph: TemplateGraph, env: Environment = DEFAULT_ENVIRONMENT): CreateOutcome {
  const waves = graph.createWaves();
  const failed = new Set<string>();
  const blocked = new Set<string>();
  const failures: Finding[] = [];
  for (const id of waves.flat()) {
    if ([...graph.ancestors(id)].some((a) => failed.has(a))) {
      blocked.add(id);
      continue;
    }
    const type = graph.resource(id).Type;
    for (const rule of rulesFor("create", type)) {
      const message = rule.check(id, graph, env);
      if (message) failures.push({ rule: rule.id, resource: id, type, message });
    }
    if (failures.some((f) => f.resource === id)) failed.add(id);
  }
  return { waves, failures, blocked };
}

/** Every create rule on every resource, whether or not an earlier failure would have stopped the create. */
export function createViolations(graph: TemplateGraph, env: Environment = DEFAULT_ENVIRONMENT): Finding[] {
  return graph.ids.flatMap((id) => {
    const type = graph.resource(id).Type;
    return rulesFor("create", type).flatMap((rule) => {
      const message = rule.check(id, graph, env);
      return message ? [{ rule: rule.id, resource: id, type, message }] : [];
    });
  });
}

export interface RollbackOutcome {
  failedAt: string;
  /** what the failed create had made: everything that does not wait for the failed resource */
  created: number;
  deleted: string[];
  /** deletions that fail: the stack ends ROLLBACK_FAILED with these left */
  stuck: Finding[];
  /** resources the rollback keeps (DeletionPolicy Retain): outside any stack, billing */
  kept: string[];
  /** names the attempt leaves taken */
  taken: TakenName[];
  /** what fails when the same template is deployed again */
  retryFailures: Finding[];
}

/** How long a service keeps the name of a resource a rollback deleted (minutes; absent: freed at once). */
const NAME_HELD_AFTER_DELETE: Record<string, { minutes: number; why: string }> = {
  // the shortest recovery window; CloudFormation's deletion of a secret schedules it like DeleteSecret
  "AWS::SecretsManager::Secret": {
    minutes: 7 * 24 * 60,
    why: "Secrets Manager keeps a deleted secret's name through its recovery window (7–30 days)",
  },
};

/** The buckets each custom resource's functions may write to (s3:PutObject in their roles' policies). */
export function bucketsWrittenBy(custom: string, graph: TemplateGraph): Set<string> {
  const token = /<GetAtt:([^.>]+)\.Arn>/.exec(shown(graph.resource(custom).Properties?.ServiceToken))?.[1];
  if (!token) return new Set();
  const vars = ((graph.resource(token).Properties?.Environment as { Variables?: object })?.Variables ??
    {}) as Record<string, unknown>;
  const functions = [
    token,
    ...["USER_ON_EVENT_FUNCTION_ARN", "USER_IS_COMPLETE_FUNCTION_ARN"].flatMap(
      (v) => /<GetAtt:([^.>]+)\.Arn>/.exec(shown(vars[v]))?.[1] ?? [],
    ),
  ];
  const roles = new Set(
    functions.flatMap(
      (f) => /<GetAtt:([^.>]+)\.Arn>/.exec(shown(graph.resource(f).Properties?.Role))?.[1] ?? [],
    ),
  );
  const written = new Set<string>();
  for (const p of graph.ofType("AWS::IAM::Policy")) {
    const policy = graph.resource(p).Properties ?? {};
    if (![shown(policy.Roles)].some((r) => [...roles].some((role) => r.includes(`<Ref:${role}>`)))) continue;
    const statements = ((policy.PolicyDocument as { Statement?: unknown[] })?.Statement ?? []) as {
      Action?: string | string[];
      Resource?: unknown;
      Effect?: string;
    }[];
    for (const s of statements) {
      if (s.Effect === "Deny") continue;
      const actions = [s.Action ?? []].flat();
      if (!actions.some((a) => /^s3:(PutObject|Put\*|\*)/.test(a))) continue;
      for (const m of shown(s.Resource).matchAll(/<GetAtt:([^.>]+)\.Arn>/g))
        if (graph.resource(m[1]!).Type === "AWS::S3::Bucket") written.add(m[1]!);
    }
  }
  return written;
}

/** The bucket an auto-delete custom resource empties when it is deleted (CDK's autoDeleteObjects). */
const emptiedBy = (id: string, graph: TemplateGraph) =>
  graph.resource(id).Type === "Custom::S3AutoDeleteObjects"
    ? /<Ref:([^>]+)>/.exec(shown(graph.resource(id).Properties?.BucketName))?.[1]
    : undefined;

/**
 * A create that fails at `failedAt`, in the worst case: every resource that does not wait for it was
 * made (CloudFormation may have finished any of them first), and the rollback deletes them.
 */
export function simulateFailedCreate(
  graph: TemplateGraph,
  failedAt: string,
  env: Environment = DEFAULT_ENVIRONMENT,
): RollbackOutcome {
  const downstream = graph.descendants(failedAt);
  const created = new Set(graph.ids.filter((id) => id !== failedAt && !downstream.has(id)));
  const state: RollbackState & { written: Set<string> } = {
    made: created,
    written: new Set(
      [...created]
        .filter((id) => graph.resource(id).Type.startsWith("Custom::"))
        .flatMap((c) => [...bucketsWrittenBy(c, graph)]),
    ),
  };
  const out: RollbackOutcome = {
    failedAt,
    created: created.size,
    deleted: [],
    stuck: [],
    kept: [],
    taken: [],
    retryFailures: [],
  };
  for (const id of graph.deleteOrder(created)) {
    const r = graph.resource(id);
    const name = fixedName(r);
    // Retain keeps the resource whatever the operation; Delete, Snapshot and RetainExceptOnCreate are
    // deleted when the create that made them rolls back (aws-attribute-deletionpolicy.html)
    if ((r.DeletionPolicy ?? "Delete") === "Retain") {
      out.kept.push(id);
      if (name)
        out.taken.push({
          type: r.Type,
          name,
          by: id,
          forMinutes: Infinity,
          why: `${id} was kept (DeletionPolicy Retain)`,
        });
      continue;
    }
    const reasons = rulesFor("rollback", r.Type).flatMap((rule) => {
      const message = rule.check(id, graph, state);
      return message ? [{ rule: rule.id, resource: id, type: r.Type, message }] : [];
    });
    if (reasons.length) {
      out.stuck.push(...reasons);
      continue;
    }
    out.deleted.push(id);
    const bucket = emptiedBy(id, graph);
    if (bucket) state.written.delete(bucket);
    const held = NAME_HELD_AFTER_DELETE[r.Type];
    if (name && held) out.taken.push({ type: r.Type, name, by: id, forMinutes: held.minutes, why: held.why });
  }
  // CDK deletes a stack whose first create failed before creating it again (the CLI's deploy:
  // "Found existing stack … that had previously failed creation. Deleting it before attempting to
  // re-create it."), so the retry is a fresh create beside whatever the rollback left
  for (const id of graph.ids)
    for (const rule of rulesFor("retry", graph.resource(id).Type)) {
      const message = rule.check(id, graph, out.taken, env);
      if (message)
        out.retryFailures.push({ rule: rule.id, resource: id, type: graph.resource(id).Type, message });
    }
  return out;
}

export interface RollbackSummary {
  /** failed creates simulated: one per resource */
  simulated: number;
  /** failure points whose rollback cannot finish */
  rollbackFailed: RollbackOutcome[];
  /** failure points after which resources are kept (billing, outside the stack) */
  leftBehind: RollbackOutcome[];
  /** failure points after which the retry fails */
  retryFailed: RollbackOutcome[];
  /** deletions walked in all */
  deletions: number;
}

/** Fails the create at every resource in turn. */
export function simulateEveryFailure(
  graph: TemplateGraph,
  env: Environment = DEFAULT_ENVIRONMENT,
): RollbackSummary {
  const outcomes = graph.ids.map((id) => simulateFailedCreate(graph, id, env));
  return {
    simulated: outcomes.length,
    rollbackFailed: outcomes.filter((o) => o.stuck.length),
    leftBehind: outcomes.filter((o) => o.kept.length),
    retryFailed: outcomes.filter((o) => o.retryFailures.length),
    deletions: outcomes.reduce((n, o) => n + o.deleted.length, 0),
  };
}
