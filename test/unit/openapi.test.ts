// OpenAPI documents every route the app serves, from the same schemas that check requests.
import { describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import { openApiDocument } from "../../functions/api/openapi.ts";
import { ROUTES } from "../../functions/api/routes/index.ts";

const doc = openApiDocument(ROUTES) as {
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown[];
        parameters: { name: string; in: string }[];
        requestBody?: unknown;
        responses: Record<string, unknown>;
      }
    >
  >;
};

describe("GET /openapi.json", () => {
  it("has exactly the app's routes", () => {
    const app = createApp(() => {
      throw new Error("not called");
    });
    const served = app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)\{\.\+\}/g, "{$1}").replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(served);
    expect(documented.length).toBeGreaterThanOrEqual(12);
  });

  it("describes bodies, parameters, answers and who may call", () => {
    const plan = doc.paths["/v1/search/plan"]!.post!;
    expect(plan.requestBody).toBeDefined();
    expect(Object.keys(plan.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "500"]));
    expect(plan.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths["/health"]!.get!.security).toEqual([]);
    const ratings = doc.paths["/v1/stores/{id}/ratings"]!.get!;
    expect(ratings.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      "path:id",
      "query:simulation",
    ]);
    expect(doc.paths["/v1/simulations"]!.post!.responses["202"]).toBeDefined();
  });
});
