import { z } from "zod";
import type { KeyCaller } from "@/lib/auth/api-keys";
import { chargeCall } from "@/lib/accounts/credits";
import { assertKeyScope } from "@/lib/auth/authenticate";
import { nameKeyedOperation } from "@/lib/auth/keyed-request";
import type { Origin } from "@/lib/auth/origin";
import { errorBody } from "@/lib/http/errors";
import { parseInput, type RouteHandler } from "@/lib/http/route";
import { toAppError } from "@/lib/http/to-app-error";
import type { Locale } from "@/lib/i18n/locales";

// The agent's second door onto an operation: an MCP tool is a JSON route seen
// from MCP (docs/decisions/014-mcp.md). It takes the route's own schemas and
// calls the route's own handler, so the two doors share one implementation,
// one validation and one error envelope; only the transport differs.

/** A tool: the route it opens, and the words a model reads to choose it. */
export type RouteTool = {
  name: string;
  title: string;
  /** Written for a model: what it does, when to call it, what comes back. */
  description: string;
  route: RouteHandler;
  /** Reads only: a client may call it without asking its user. */
  readOnly?: boolean;
};

/** Who is calling through /api/mcp: the key, where it writes from, and the HTTP request that carried the call. */
export type ToolCaller = { key: KeyCaller; origin: Origin; request: Request; locale: Locale };

/** What a tool call answers: the route's JSON body, or its error envelope with isError. */
export type ToolResult = {
  content: [{ type: "text"; text: string }];
  structuredContent: Record<string, unknown>;
  isError?: true;
};

type Part = "params" | "query" | "body";

/** The schemas a route parses its input with, in the order their fields are taken. */
function routeParts(route: RouteHandler): [Part, z.ZodType][] {
  const { params, query, body } = route.spec;
  const parts: [Part, z.ZodType | undefined][] = [
    ["params", params],
    ["query", query],
    ["body", body],
  ];
  return parts.filter((part): part is [Part, z.ZodType] => part[1] !== undefined);
}

/**
 * The JSON Schema of a tool's arguments: the route's input schemas as zod
 * writes them for input, their fields side by side in one object (a todo's
 * id beside the body's fields). A route with one schema gives exactly its
 * JSON Schema; tests/api/mcp-schemas.test.ts holds tools/list to this.
 */
export function toolInputJsonSchema(route: RouteHandler): Record<string, unknown> {
  const schemas = routeParts(route).map(([, schema]) =>
    z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }),
  );
  if (schemas.length === 0) return { type: "object", properties: {} };
  if (schemas.length === 1) return schemas[0] as Record<string, unknown>;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const schema of schemas) {
    Object.assign(properties, schema.properties ?? {});
    required.push(...((schema.required as string[] | undefined) ?? []));
  }
  return {
    $schema: schemas[0]!.$schema,
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
  };
}

/**
 * The arguments split into the route's parts, each parsed by the route's own
 * schema. Params and query fields travel in a URL on the JSON door, so a
 * number or boolean given for one is read as the URL would carry it ("42");
 * issues name the bare field ("id", "price"), as a tool's arguments are flat.
 */
function parseArguments(route: RouteHandler, args: Record<string, unknown>) {
  const parsed: Record<Part, unknown> = { params: undefined, query: undefined, body: undefined };
  const taken = new Set<string>();
  for (const [part, schema] of routeParts(route)) {
    if (part === "body") continue;
    const fields = Object.keys((schema as z.ZodObject).shape ?? {});
    const values = Object.fromEntries(
      fields
        .filter((field) => args[field] !== undefined && args[field] !== null)
        .map((field) => [field, asUrlText(args[field])]),
    );
    fields.forEach((field) => taken.add(field));
    parsed[part] = parseInput(schema, values, "body");
  }
  if (route.spec.body) {
    const rest = Object.fromEntries(Object.entries(args).filter(([field]) => !taken.has(field)));
    parsed.body = parseInput(route.spec.body, rest, "body");
  }
  return parsed;
}

function asUrlText(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
}

/**
 * Runs a tool: the key's scope, the route's guard, its schemas, its handler.
 * Whatever goes wrong comes back as the JSON door's error envelope (same code,
 * same message in the caller's language) in a tool error, never as a
 * protocol failure, so a model can read it and correct its call.
 */
export async function callRouteTool(
  tool: RouteTool,
  args: Record<string, unknown> | undefined,
  caller: ToolCaller,
): Promise<ToolResult> {
  nameKeyedOperation(caller.request, tool.name);
  try {
    assertScope(tool.route, caller.key);
    const refusal = tool.route.guard?.(caller.request);
    if (refusal) throw refusal;
    const { params, query, body } = parseArguments(tool.route, args ?? {});
    // A tool call costs what its JSON route costs (docs/decisions/034-accounts-and-credits.md).
    await chargeCall(caller.request, caller.key, tool.route.spec.credits);
    const result = await tool.route.handle({
      request: caller.request,
      params,
      query,
      body,
      caller: caller.key,
      origin: caller.origin,
    });
    return answer(result instanceof Response ? await result.json() : result);
  } catch (error) {
    const appError = toAppError(error);
    nameKeyedOperation(caller.request, tool.name, appError.status);
    if (appError.status >= 500 && appError.code !== "unavailable") {
      console.error(`[mcp ${tool.name}] ${appError.code}:`, appError.cause ?? appError);
    }
    return { ...answer(errorBody(appError, caller.locale)), isError: true };
  }
}

/** A key may use a tool only with the scope its route takes keys with (an account's key: its account scope). */
export function assertScope(route: RouteHandler, key: KeyCaller): void {
  assertKeyScope(key, { scope: route.scope, accountScope: route.spec.accountScope });
}

function answer(body: unknown): ToolResult {
  // Through JSON once, so what the model reads is exactly what the JSON door sends.
  const text = JSON.stringify(body);
  return { content: [{ type: "text", text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
}
