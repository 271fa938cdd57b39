// `dongne simulate export ID [--kind decisions|visits] [--format jsonl|csv] [--out FILE]`: the export
// route, asked through the CLI's client (a server, or this machine's store in this process: the same
// route and pages as in AWS), its cursors followed to the end and each page written out as it comes —
// never the whole export in memory. A file appears whole or not at all.
import { withJosa } from "../shared/korean/josa.ts";
import { once } from "node:events";
import { parseArgs } from "node:util";
import type { Writable } from "node:stream";
import { ApiFailure, errorOf, type ApiClient } from "./api-client.ts";
import { CliError, processIo, UsageError, writeWhole, type CliIo } from "./cli-io.ts";

export const EXPORT_USAGE =
  "사용법: dongne simulate export ID [--kind decisions|visits] [--format jsonl|csv] [--out FILE]";

export async function simulateExport(c: ApiClient, args: string[], io: CliIo = processIo()): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { kind: { type: "string" }, format: { type: "string" }, out: { type: "string" } },
  });
  const [id] = positionals;
  if (!id || positionals.length > 1) throw new UsageError(EXPORT_USAGE);
  const pages = async (out: Writable) => {
    const query = new URLSearchParams();
    if (values.kind) query.set("kind", values.kind);
    if (values.format) query.set("format", values.format);
    let n = 0;
    for (let cursor: string | null = null; ;) {
      if (cursor) query.set("cursor", cursor);
      const res = await c.request(
        "GET",
        `/v1/simulations/${encodeURIComponent(id)}/export?${query.toString()}`,
      );
      if (res.status !== 200) {
        const { message, field } = errorOf(await res.json().catch(() => ({})));
        if (res.status === 400) throw new UsageError(`${field ? `--${field}: ` : ""}${message}`);
        if (res.status === 404)
          throw new CliError(
            `시뮬레이션 ${withJosa(id, "이/가")} ${c.server ? `서버 ${c.server}에` : "이 컴퓨터의 저장소(DATA_DIR)에"} 없습니다`,
          );
        throw new ApiFailure(`내보내기에 실패했습니다 (HTTP ${res.status}): ${message}`, res.status);
      }
      if (!out.write(await res.text())) await once(out, "drain");
      n++;
      cursor = res.headers.get("x-next-cursor");
      if (!cursor) return n;
    }
  };
  const n = values.out ? await writeWhole(values.out, pages) : await pages(io.stdout);
  io.stderr.write(`${values.out ? `${values.out}: ` : ""}${n}쪽\n`);
  return 0;
}
