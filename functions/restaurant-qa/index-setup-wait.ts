// The restaurant index's custom resource (CDK provider framework, isComplete): the deploy waits until
// the demo corpus job the setup started has ended well, so the first question after a dev deploy is
// answered; a failed job fails the deploy with its reason.
import { demoLoaded } from "../../shared/restaurant-qa/deploy-index.ts";
import { qaJobs } from "../../shared/restaurant-qa/wiring.ts";
import { runtime } from "../../shared/runtime/runtime.ts";

export async function handler(event: { RequestType: string; Data?: { DemoJobId?: string } }) {
  if (event.RequestType === "Delete") return { IsComplete: true };
  return { IsComplete: await demoLoaded(qaJobs(await runtime()), event.Data?.DemoJobId) };
}
