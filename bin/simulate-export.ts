// `dongne simulate export ID [--kind decisions|visits] [--format jsonl|csv] [--out FILE]`: the export
// route, asked in-process over this machine's store (the same route and pages as in AWS), its cursors
// followed to the end and each page written out as it comes — never the whole export in memory.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { createApp } from "../functions/api/app.ts";
import { startLocal } from "../functions/api/local.ts";
import type { Config } from "../shared/platform/config.ts";

export const EXPORT_USAGE =
  "usage: dongne simulate export ID [--kind decisions|visits] [--format jsonl|csv] [--out FILE]";

export async function simulateExport(config: Config, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { kind: { type: "string" }, format: { type: "string" }, out: { type: "string" } },
  });
  const [id] = positionals;
  if (!id || positionals.length > 1) {
    process.stderr.write(`${EXPORT_USAGE}\n`);
    return 2;
  }
  const world = await startLocal(config);
  const app = createApp(() => world.context);
  const out = values.out ? createWriteStream(values.out) : process.stdout;
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  try {
    const query = new URLSearchParams();
    if (values.kind) query.set("kind", values.kind);
    if (values.format) query.set("format", values.format);
    let pages = 0;
    for (let cursor: string | null = null; ;) {
      if (cursor) query.set("cursor", cursor);
      const res = await app.request(`/v1/simulations/${encodeURIComponent(id)}/export?${query.toString()}`);
      if (res.status !== 200) {
        const { error } = (await res.json()) as { error: { message: string; field?: string } };
        process.stderr.write(`${error.field ? `--${error.field}: ` : ""}${error.message}\n`);
        return res.status === 400 ? 2 : 1;
      }
      await write(await res.text());
      pages++;
      cursor = res.headers.get("x-next-cursor");
      if (!cursor) break;
    }
    process.stderr.write(`${values.out ? `${values.out}: ` : ""}${pages} page${pages === 1 ? "" : "s"}\n`);
    return 0;
  } finally {
    if (out !== process.stdout) {
      out.end();
      await once(out, "close");
    }
    await world.close();
  }
}
