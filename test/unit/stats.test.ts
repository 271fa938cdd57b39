import { describe, expect, it } from "vitest";
import { pairedDifference, t975 } from "../../shared/platform/stats/interval.ts";
import { csvCell, encodeRows } from "../../shared/platform/stats/table.ts";

describe("paired differences across seeds", () => {
  it("t quantiles: the table, and the expansion beyond it close to the known values", () => {
    expect(t975(4)).toBe(2.776);
    expect(t975(40)).toBeCloseTo(2.021, 2);
    expect(t975(120)).toBeCloseTo(1.98, 2);
    expect(() => t975(0)).toThrow(RangeError);
  });

  it("the interval is t · sd / √n around the mean per-seed difference", () => {
    // differences 2, 4, 6: mean 4, sd 2, t(2) 4.303 → ±4.969
    const d = pairedDifference([10, 10, 10], [12, 14, 16]);
    expect(d.diff).toBe(4);
    expect(d.ci![0]).toBeCloseTo(4 - 4.303 * (2 / Math.sqrt(3)), 6);
    expect(d.ci![1]).toBeCloseTo(4 + 4.303 * (2 / Math.sqrt(3)), 6);
    expect(d).toMatchObject({ n: 3, baseline: 10, scenario: 14 });
  });

  it("seeds that agree give a narrow interval; a single seed gives none", () => {
    expect(pairedDifference([5, 7, 9], [6, 8, 10]).ci).toEqual([1, 1]);
    expect(pairedDifference([5], [6]).ci).toBeNull();
    expect(() => pairedDifference([1, 2], [1])).toThrow(RangeError);
  });
});

describe("rows out", () => {
  it("quotes CSV cells that need it and writes lists as JSON", () => {
    expect(csvCell('맛있다, "또" 올래')).toBe('"맛있다, ""또"" 올래"');
    expect(csvCell(["a", "b"])).toBe('"[""a"",""b""]"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(3.5)).toBe("3.5");
  });

  it("keeps the column order in both formats and chunks a long stream", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ b: i, a: `x${i}`, extra: "dropped" }));
    const csv: string[] = [];
    for await (const c of encodeRows(rows, ["a", "b", "missing"], "csv", 1000)) csv.push(c);
    expect(csv.length).toBeGreaterThan(5);
    const lines = csv.join("").split("\r\n");
    expect(lines[0]).toBe("a,b,missing");
    expect(lines[1]).toBe("x0,0,");
    expect(lines).toHaveLength(1002); // header, 1000 rows, and the empty string after the last break
    let jsonl = "";
    for await (const c of encodeRows(rows.slice(0, 2), ["a", "b", "missing"], "jsonl")) jsonl += c;
    expect(jsonl).toBe('{"a":"x0","b":0,"missing":null}\n{"a":"x1","b":1,"missing":null}\n');
  });
});
