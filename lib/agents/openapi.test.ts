import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";
import { CreateEpisodeBody, StepBody } from "./api/episodesApi";

// The hand-written OpenAPI document must name every route of app/api/v1 and every field the handlers accept.

function routes(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routes(full, `${prefix}/${name.replace(/^\[(\w+)\]$/, "{$1}")}`));
    else if (name === "route.ts") out.push(prefix);
  }
  return out;
}

describe("the OpenAPI document", () => {
  it("describes every session-API route", () => {
    const documented = Object.keys(openApiDocument.paths).sort();
    const served = routes(path.resolve("app/api/v1"))
      .filter((r) => r !== "/openapi.json")
      .sort();
    expect(documented).toEqual(served);
  });

  it("names exactly the fields the handlers accept", () => {
    const s = openApiDocument.components.schemas;
    expect(Object.keys(s.CreateEpisode.properties).sort()).toEqual(Object.keys(CreateEpisodeBody.shape).sort());
    expect(Object.keys(s.Step.properties).sort()).toEqual(Object.keys(StepBody.shape).sort());
  });

  it("is JSON with a bearer scheme", () => {
    const doc = JSON.parse(JSON.stringify(openApiDocument));
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
  });
});
