#!/usr/bin/env node
// `npx dongne …`: runs the TypeScript CLI through tsx's loader (no build step).
import { register } from "tsx/esm/api";

register();
await import("./quiet-aws-sdk.ts");
const { runCli } = await import("./cli.ts");
process.exit(await runCli(process.argv.slice(2)));
