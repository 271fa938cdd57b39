// The state-machine definitions known to be valid, so that the local runner validates each one once:
// once in a process (a set) and once across processes (an empty marker file per definition under
// node_modules/.cache/dongne/valid-definitions/, named by the SHA-256 of the validator's version and the
// definition). asl-validator compiles its JSON schema on every call, ~0.4 s of CPU a machine on a quiet
// two-core machine and three times that on a busy one: every `npx dongne` command and every `npm start`
// paid it for the eight machines before doing anything. Only a definition that passed is marked; an
// edited definition, or another version of the validator, is another name; a cache that cannot be read
// or written means validating as before.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export class KnownValid {
  private readonly here = new Set<string>();

  /** `dir`: where the markers live (none: this process only); `version`: what validates, in the name */
  constructor(
    private readonly dir: string | undefined,
    private readonly version: string,
  ) {}

  private marker(json: string): string | undefined {
    if (!this.dir) return undefined;
    const hash = createHash("sha256").update(this.version).update("\0").update(json).digest("hex");
    return join(this.dir, hash);
  }

  has(json: string): boolean {
    if (this.here.has(json)) return true;
    const marker = this.marker(json);
    if (!marker || !existsSync(marker)) return false;
    this.here.add(json);
    return true;
  }

  /** Records a definition that passed validation. */
  add(json: string): void {
    this.here.add(json);
    const marker = this.marker(json);
    if (!marker) return;
    try {
      mkdirSync(this.dir!, { recursive: true });
      writeFileSync(marker, "");
    } catch {
      // a read-only checkout validates again next time
    }
  }
}

/** The version of package `name` as `from` (a file) resolves it: its package.json's name and version. */
function versionOf(name: string, from: string): { version: string; file: string } | undefined {
  try {
    let dir = dirname(createRequire(from).resolve(name));
    for (;;) {
      const file = join(dir, "package.json");
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) return { version: pkg.version, file };
      }
      if (dirname(dir) === dir) return undefined;
      dir = dirname(dir);
    }
  } catch {
    return undefined;
  }
}

/**
 * The local runner's record: aws-local-stepfunctions validates with its own asl-validator, so both
 * versions name a marker; markers live in the checkout's node_modules/.cache (none where there is no
 * node_modules beside the code, as in a bundle).
 */
export function defaultKnownValid(): KnownValid {
  const runner = versionOf("aws-local-stepfunctions", import.meta.filename);
  const validator = runner && versionOf("asl-validator", runner.file);
  if (!runner || !validator) return new KnownValid(undefined, "");
  const modules = join(import.meta.dirname, "..", "..", "node_modules");
  if (!existsSync(modules)) return new KnownValid(undefined, "");
  return new KnownValid(
    join(modules, ".cache", "dongne", "valid-definitions"),
    `aws-local-stepfunctions@${runner.version} asl-validator@${validator.version} checkArn=false`,
  );
}
