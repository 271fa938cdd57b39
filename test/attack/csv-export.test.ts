// Attack on the raw-data export: text a user (a scenario's store name) or a model (a comment, a tag)
// put into a simulation that a spreadsheet would run as a formula when an analyst opens the CSV. Every
// text cell beginning with =, +, -, @, tab or carriage return must come out neutralised (OWASP: a
// leading apostrophe, the cell quoted); numbers stay numbers, negative ones included; the JSONL export
// keeps the text exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell } from "../../shared/platform/stats/table.ts";
import { csvField } from "../../shared/simulation/export.ts";
import type { Visit } from "../../shared/simulation/types.ts";
import { simulationRepository } from "../../shared/simulation/wiring.ts";
import { call, dataDirectory, startOn, type AttackServer } from "./world.ts";

const FORMULAS = [
  '=HYPERLINK("http://x","y")',
  "+1+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(1,2)",
  "\t=1+1",
  "\r=1+1",
  "=cmd|'/c calc'!A1",
];

/** The cells of an RFC 4180 line (quoted cells unquoted, their quotes undoubled). */
function cells(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let j = i + 1;
      let s = "";
      for (;;) {
        if (line[j] === '"' && line[j + 1] === '"') {
          s += '"';
          j += 2;
        } else if (line[j] === '"') break;
        else s += line[j++];
      }
      out.push(s);
      i = j + 2;
    } else {
      const j = line.indexOf(",", i);
      out.push(line.slice(i, j < 0 ? line.length : j));
      i = j < 0 ? line.length + 1 : j + 1;
    }
  }
  return out;
}

/** The rows of a CSV text (CRLF between rows; a quoted cell may hold CR or LF). */
function rows(text: string): string[][] {
  const lines: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === "\r" && text[i + 1] === "\n") {
      lines.push(current);
      current = "";
      i++;
    } else current += ch;
  }
  if (current) lines.push(current);
  return lines.map(cells);
}

const dangerous = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

describe("cells one at a time", () => {
  it("a text cell that a spreadsheet would run is neutralised; a number, negative too, stays a number", () => {
    for (const f of FORMULAS) {
      for (const encode of [csvField, csvCell]) {
        const [cell] = cells(encode(f));
        expect(dangerous(cell!), `${JSON.stringify(f)} → ${encode(f)}`).toBe(false);
        expect(cell, f).toContain(f.replace(/^[\t\r]/, "").slice(1));
      }
    }
    for (const n of [-3.5, -12, 0, 42, 1.25])
      for (const encode of [csvField, csvCell]) expect(encode(n)).toBe(String(n));
  });
});

describe("the export of a simulation whose store is named as a formula", { timeout: 300_000 }, () => {
  const data = dataDirectory();
  let server: AttackServer;
  let id: string;
  beforeAll(async () => {
    server = await startOn(data.dir, { SIM_STORE: "memory", QA_DEMO_CORPUS: "off" });
    const scenario = {
      add: [
        {
          name: FORMULAS[0],
          category: "한식",
          avg_price: 9000,
          keywords: ["=1+1"],
          description: "@SUM(1,2)",
          lat: 37.5561,
          lng: 126.9055,
        },
      ],
    };
    const started = await call(`${server.url}/v1/simulations`, {
      body: JSON.stringify({ days: 1, seed: 11, agents: 5, scenario }),
    });
    expect(started.status).toBe(202);
    id = started.body.id;
    await server.world.workflows.settled();
    // visits whose text came from the scenario and from a model's answer, as the run would store them
    const repo = simulationRepository(server.world.rt);
    const [visit] = await repo.visits.list(id);
    expect(visit).toBeDefined();
    const crafted: Visit[] = FORMULAS.map((f, i) => ({
      ...visit!,
      order: 90 + i,
      store_name: f,
      comment: f,
      tags: [f],
    }));
    await repo.visits.save(id, crafted);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    data.remove();
  });

  it("CSV: no cell a spreadsheet would run; numeric columns still numbers", async () => {
    const res = await call(`${server.url}/v1/simulations/${id}/export?kind=visits&format=csv`);
    expect(res.status).toBe(200);
    const table = rows(res.text);
    const [header, ...body] = table;
    const bad = body.flatMap((r) => r.filter(dangerous));
    expect(bad).toEqual([]);
    const rating = header!.indexOf("rating");
    for (const r of body) expect(Number.isFinite(Number(r[rating])), r.join(",")).toBe(true);
    // the text is still there, after its apostrophe
    expect(res.text).toContain("HYPERLINK");
  });

  it("JSONL: the text exactly as it was", async () => {
    const res = await call(`${server.url}/v1/simulations/${id}/export?kind=visits`);
    const names = res.text
      .split("\n")
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as Visit).store_name);
    for (const f of FORMULAS) expect(names).toContain(f);
  });
});
