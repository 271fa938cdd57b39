// The OpenSearch control plane, for the ops status command (`npx dongne restaurants status`): is the
// domain up, which version, how big, is a change in progress. The data plane (opensearch.ts) never
// needs it.
import { DescribeDomainCommand, OpenSearchClient } from "@aws-sdk/client-opensearch";

export interface DomainStatus {
  domain: string;
  endpoint: string | null;
  engineVersion: string | null;
  instanceType: string | null;
  instanceCount: number | null;
  /** a configuration change is being applied */
  processing: boolean;
  deleted: boolean;
}

export async function describeSearchDomain(opts: {
  domainName: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}): Promise<DomainStatus> {
  const client = new OpenSearchClient({
    region: opts.region,
    endpoint: opts.endpoint,
    credentials: opts.credentials,
    maxAttempts: 2,
  });
  const out = await client.send(new DescribeDomainCommand({ DomainName: opts.domainName }));
  const s = out.DomainStatus;
  return {
    domain: s?.DomainName ?? opts.domainName,
    endpoint: s?.Endpoint ?? s?.Endpoints?.vpc ?? null,
    engineVersion: s?.EngineVersion ?? null,
    instanceType: s?.ClusterConfig?.InstanceType ?? null,
    instanceCount: s?.ClusterConfig?.InstanceCount ?? null,
    processing: Boolean(s?.Processing),
    deleted: Boolean(s?.Deleted),
  };
}
