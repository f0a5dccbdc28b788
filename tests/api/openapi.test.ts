import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS, patternParams, specOf } from "@/lib/platform/openapi";
import { listRoutes } from "@/tests/support/routes";
import { api } from "./client";

// GET /api/openapi.json is generated from the route specs, so it must be a
// valid OpenAPI 3.1 document that lists every JSON route (the front door's
// table and app/'s files, not listed by hand here) with its auth, parameters, body and answer.

type Operation = {
  summary?: string;
  "x-labs-auth"?: string;
  "x-labs-scope"?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string } }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Doc = { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>> };

const { status, data: doc } = await api<Doc>("/api/openapi.json");

type JsonRoute = { file: string; path: string; method: string; spec: NonNullable<ReturnType<typeof specOf>> };
const jsonRoutes: JsonRoute[] = [];
for (const { file, path: pattern } of listRoutes()) {
  const routeModule = (await import(path.resolve(file))) as Record<string, unknown>;
  for (const method of HTTP_METHODS) {
    const spec = specOf(routeModule[method]);
    if (spec) jsonRoutes.push({ file, path: pattern, method, spec });
  }
}
const label = (route: JsonRoute) => `${route.method} ${route.path}`;
const operationOf = (route: JsonRoute) => doc.paths[route.path]?.[route.method.toLowerCase()];

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists nothing but the routes found on disk", () => {
    const listed = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(listed.sort()).toEqual(jsonRoutes.map(label).sort());
    expect(listed).toContain("POST /labs/api/keys");
    expect(listed).toContain("GET /api/openapi.json");
  });

  it.each(jsonRoutes.map((route) => [label(route), route] as const))("describes %s as its spec says", (_, route) => {
    const operation = operationOf(route);
    expect(operation, `${route.file} is missing from the document`).toBeDefined();
    expect(operation!.summary).toBe(route.spec.summary);
    expect(operation!["x-labs-auth"]).toBe(route.spec.auth);
    if (route.spec.auth === "operator") {
      const key = route.spec.scope ? [{ apiKey: [] }] : [];
      expect(operation!.security).toEqual([...key, { operatorCookie: [] }]);
    }
    expect(operation!["x-labs-scope"]).toBe(route.spec.scope);
    const pathParams = (operation!.parameters ?? []).filter((parameter) => parameter.in === "path");
    expect(pathParams.map((parameter) => parameter.name).sort()).toEqual(patternParams(route.path).sort());
    expect(pathParams.every((parameter) => parameter.required)).toBe(true);
    expect(Boolean(operation!.requestBody)).toBe(Boolean(route.spec.body || route.spec.upload));
    // A body the handler reads itself is described by its media types, and every such route says what it is.
    expect(Boolean(route.spec.upload)).toBe(Boolean(route.spec.rawBody));
    if (route.spec.upload) {
      expect(Object.keys(operation!.requestBody!.content).sort()).toEqual([...route.spec.upload.types].sort());
    }
    const success = operation!.responses[String(route.spec.status ?? 200)];
    expect(success).toBeDefined();
    expect(Boolean(success!.content?.["application/json"])).toBe(Boolean(route.spec.response));
    expect(operation!.responses["500"]).toBeDefined();
  });

  it.each(jsonRoutes.map((route) => [label(route), route] as const))(
    "%s has a summary and a response schema (or answers a file, or an event stream)",
    (_, route) => {
      expect(route.spec.summary).toEqual(expect.any(String));
      const answers = [route.spec.response, route.spec.file, route.spec.eventStream].filter(Boolean);
      expect(answers).toHaveLength(1);
    },
  );

  it("renders request schemas as their input: a query id is a string of digits", () => {
    const usage = doc.paths["/labs/api/usage"]!.get!;
    const keyId = usage.parameters!.find((parameter) => parameter.name === "key_id");
    expect(keyId).toMatchObject({ in: "query", schema: { type: "string" } });
    expect(keyId!.required ?? false).toBe(false);
    const revoke = doc.paths["/labs/api/keys/{id}/revoke"]!.post!;
    expect(revoke.parameters).toEqual([
      expect.objectContaining({
        name: "id",
        in: "path",
        required: true,
        schema: expect.objectContaining({ type: "string" }),
      }),
    ]);
  });
});

describe("GET /api/docs", () => {
  it("gives the capture's JSON fields their schema beside its form and multipart bodies", () => {
    const capture = doc.paths["/api/core-ask/log"]!.post!.requestBody!.content;
    const json = capture["application/json"]!.schema as { properties?: Record<string, unknown>; required?: string[] };
    expect(Object.keys(json.properties ?? {})).toEqual(expect.arrayContaining(["text", "priority", "parent_id"]));
    expect(json.required).toEqual(["text"]);
    expect(capture["multipart/form-data"]!.schema).toMatchObject({ type: "string", format: "binary" });
  });

  it("renders every operation of the document for people", async () => {
    const { status: pageStatus, text } = await api("/api/docs");
    expect(pageStatus).toBe(200);
    const html = text.replaceAll("&amp;", "&");
    for (const route of jsonRoutes) expect(html, label(route)).toContain(`>${route.path}</`);
    expect(html).toContain(doc.info.version);
  });
});
