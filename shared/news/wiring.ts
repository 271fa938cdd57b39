// The news feature's adapters for a runtime, built once: Naver and OpenDART (or the synthetic samples),
// the report cache in DynamoDB, the company directory, the LLM.

import type { NewsDeps } from "./deps.ts";
import { createNewsDeps } from "./env.ts";
import { type Runtime } from "../runtime/port.ts";

export const newsDeps = (rt: Runtime): NewsDeps =>
  rt.service("news.deps", () => createNewsDeps(rt.config.news, { llm: rt.llm, documents: rt.documents() }));
