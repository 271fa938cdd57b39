// A fake OpenDART on loopback (with startFake): list.json, the key-information APIs, document.xml and
// corpCode.xml answered as OpenDART answers them — JSON with a status, ZIPs of XML — from the synthetic
// sample generator, unless `override` scripts a reply (an error status, a huge fixture, a hang).
import { strToU8, zipSync } from "fflate";
import { listedCompanies } from "../../shared/data/listed-companies.ts";
import { EmbeddedDart } from "../../shared/providers/embedded/dart-sample.ts";
import { REPORT_APIS } from "../../shared/providers/opendart-apis.ts";
import type { ReprtCode } from "../../shared/providers/opendart.ts";
import type { Recorded, Reply } from "./fake-http.ts";

export const FAKE_DART_KEY = "a".repeat(40);

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Plain text as DART's document XML: " | " lines become table rows, others paragraphs. */
export function dartXml(title: string, text: string): string {
  const body = text
    .split("\n")
    .map((line) =>
      line.includes(" | ")
        ? `<TABLE><TR>${line
            .split(" | ")
            .map((c) => `<TD>${esc(c)}</TD>`)
            .join("")}</TR></TABLE>`
        : `<P>${esc(line)}</P>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<DOCUMENT xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><DOCUMENT-NAME ACODE="00760">${esc(title)}</DOCUMENT-NAME>
<BODY><SECTION-1><TITLE ATOC="Y">${esc(title)}</TITLE>
${body}
</SECTION-1></BODY></DOCUMENT>`;
}

export const zipOf = (files: Record<string, string | Uint8Array>) =>
  zipSync(
    Object.fromEntries(Object.entries(files).map(([n, c]) => [n, typeof c === "string" ? strToU8(c) : c])),
  );

export function corpCodeXml(): string {
  const rows = listedCompanies()
    .map(
      (c) =>
        `<list><corp_code>${c.corp_code}</corp_code><corp_name>${esc(c.corp_name)}</corp_name><corp_eng_name>${esc(c.corp_eng_name)}</corp_eng_name><stock_code>${c.stock_code || " "}</stock_code><modify_date>${c.modify_date}</modify_date></list>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<result>\n${rows}\n</result>`;
}

/** Drops the sample's `synthetic` flags: the fake answers as OpenDART does. */
const real = <T>(body: T): T =>
  JSON.parse(JSON.stringify(body, (k, v) => (k === "synthetic" ? undefined : v)));

export function fakeOpenDart(
  opts: { now?: () => Date; override?: (r: Recorded, nth: number) => Reply | undefined } = {},
): (r: Recorded, nth: number) => Promise<Reply> {
  const dart = new EmbeddedDart({ now: opts.now });
  const counter = { apiCalls: 0 };
  const byEndpoint = new Map(REPORT_APIS.map((a) => [a.endpoint, a.key]));
  return async (r, nth) => {
    const scripted = opts.override?.(r, nth);
    if (scripted) return scripted;
    const q = r.query;
    if (q.get("crtfc_key") !== FAKE_DART_KEY)
      return { json: { status: "010", message: "등록되지 않은 인증키입니다." } };
    const name = r.path.replace(/^.*\//, "");
    if (name === "list.json") {
      const body = await dart.list(counter, {
        corp_code: q.get("corp_code") ?? "",
        bgn_de: q.get("bgn_de") ?? "19000101",
        end_de: q.get("end_de") ?? "29991231",
        pblntf_ty: q.get("pblntf_ty") ?? undefined,
        page_no: Number(q.get("page_no") ?? 1),
        page_count: Number(q.get("page_count") ?? 10),
      });
      return { json: real(body) };
    }
    if (name === "document.xml") {
      try {
        const rcept = q.get("rcept_no") ?? "";
        const doc = await dart.document(counter, rcept);
        return { bytes: zipOf({ [`${rcept}.xml`]: dartXml("정정신고(보고)", doc.text) }) };
      } catch {
        return {
          raw: `<?xml version="1.0" encoding="UTF-8"?><result><status>014</status><message>파일이 존재하지 않습니다.</message></result>`,
        };
      }
    }
    if (name === "corpCode.xml") return { bytes: zipOf({ "CORPCODE.xml": corpCodeXml() }) };
    const key = byEndpoint.get(name.replace(/\.json$/, ""));
    if (!key) return { json: { status: "101", message: "부적절한 접근입니다." } };
    const result = await dart.keyInfo(counter, key, {
      corp_code: q.get("corp_code") ?? "",
      bsns_year: Number(q.get("bsns_year")),
      reprt_code: (q.get("reprt_code") ?? "11011") as ReprtCode,
    });
    return {
      json:
        result.status === "013"
          ? { status: "013", message: "조회된 데이타가 없습니다." }
          : { status: "000", message: "정상", list: result.rows },
    };
  };
}
