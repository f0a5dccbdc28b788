// The OpenAPI 3.1 document of every JSON route (docs/contract.md, "JSON endpoints"): built from the
// specs that route() attaches to its handlers (auth, summary, params, query,
// body, status, response), through zod-openapi, which renders request
// schemas as their input and response schemas as their output.
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { errorStatus, type ErrorCode } from "@/lib/http/errors";
import type { RouteSpec } from "@/lib/http/route";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A route module: its URL pattern (`/cards/{id}`) and its exports. */
export type RouteModuleEntry = { path: string; module: Record<string, unknown> };

type AnySpec = RouteSpec<z.ZodType, z.ZodType, z.ZodType>;

/** The names of a URL pattern's dynamic segments: `/cards/{id}` → ["id"]. */
export function patternParams(pattern: string): string[] {
  return [...pattern.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** The spec of an exported handler made by route(), else null (HTML and form routes). */
export function specOf(handler: unknown): AnySpec | null {
  if (typeof handler !== "function") return null;
  const spec = (handler as { spec?: unknown }).spec;
  return spec && typeof spec === "object" ? (spec as AnySpec) : null;
}

const errorEnvelope = z
  .object({
    ok: z.literal(false),
    error: z.object({
      code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
      message: z.string().meta({ description: "One sentence a person can act on." }),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: "Only for validation_failed: one entry per field." }),
      resets_at: z
        .string()
        .optional()
        .meta({ description: "Only for credits_exhausted: when the plan's credits come back (ISO 8601)." }),
    }),
  })
  .meta({ id: "Error", description: "The error envelope of every JSON endpoint." });

// Its own stored content type in truth; OpenAPI has no way to say "whatever was uploaded".
const uploadBody = z.string().meta({ format: "binary", description: "The body as described above" });
const eventStream = z.string().meta({
  description: "Server-Sent Events: each event's `id:`, `event:` (its type) and `data:` (the event as JSON)",
});
const binaryFile = z.string().meta({ format: "binary", description: "The file's bytes, with its stored content type" });

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorEnvelope } },
});

// draft-ietf-httpapi-idempotency-key-header, as lib/http/idempotency.ts reads it.
const idempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "With a key: a retry with the same value and body gets the first answer back (Idempotent-Replayed: true), " +
        "written and charged once, for 24 hours",
    }),
});

// Which area a path belongs to, for grouping in the reference.
const TAGS: [RegExp, string, string][] = [
  [/^\/base-scan\//, "Scan", "Loyalty cards, scans, products, prices and preferences (public)."],
  [/^\/(api\/(core|base)-ask|core-ask|base-ask)\//, "Ask", "The request queue an agent claims and answers."],
  [/^\/base-research\//, "Research", "Price observations, the state snapshot and notes."],
  [/^\//, "Labs", "API keys, usage, UI variants, status, health and this reference."],
];

function tagOf(path: string): string {
  return TAGS.find(([pattern]) => pattern.test(path))![1];
}

function operationId(method: HttpMethod, path: string): string {
  const words = path
    .replace(/[{}]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join("");
}

function operation(method: HttpMethod, path: string, spec: AnySpec): ZodOpenApiOperationObject {
  const names = patternParams(path);
  const pathParams =
    spec.params ?? (names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined);
  const success = String(spec.status ?? 200);
  const writes = method !== "GET";
  const bodyLimit = spec.upload ? spec.upload.limit : "256 KiB";
  return {
    operationId: operationId(method, path),
    summary: spec.summary,
    tags: [tagOf(path)],
    security: securityOf(spec),
    "x-labs-auth": spec.auth,
    ...(spec.scope ? { "x-labs-scope": spec.scope } : {}),
    ...(spec.accountScope ? { "x-labs-account-scope": spec.accountScope, "x-labs-credits": spec.credits ?? 1 } : {}),
    requestParams: {
      ...(pathParams ? { path: pathParams as z.ZodObject } : {}),
      ...(spec.query ? { query: spec.query as z.ZodObject } : {}),
      ...(spec.idempotent ? { header: idempotencyHeader } : {}),
    },
    ...(spec.body && !spec.upload
      ? { requestBody: { required: true, content: { "application/json": { schema: spec.body } } } }
      : {}),
    ...(spec.upload
      ? {
          requestBody: {
            required: true,
            description: spec.upload.description,
            // JSON fields the handler reads itself are still a schema (the capture's).
            content: Object.fromEntries(
              spec.upload.types.map((type) => [
                type,
                { schema: type === "application/json" && spec.body ? spec.body : uploadBody },
              ]),
            ),
          },
        }
      : {}),
    responses: {
      [success]: {
        description: "Success",
        ...(spec.response ? { content: { "application/json": { schema: spec.response } } } : {}),
        ...(spec.file ? { content: { "application/octet-stream": { schema: binaryFile } } } : {}),
        ...(spec.eventStream ? { content: { "text/event-stream": { schema: eventStream } } } : {}),
      },
      ...(spec.params || spec.query || spec.body || writes
        ? { "400": errorResponse("bad_json or validation_failed, naming each field") }
        : {}),
      "401": errorResponse(
        spec.auth === "operator"
          ? "No operator cookie and no API key, or an unknown or revoked key"
          : "An unknown or revoked API key; in household mode, a stranger",
      ),
      ...(spec.auth !== "anyone"
        ? { "403": errorResponse("A key without this route's scope, or a cross-site request with a cookie") }
        : {}),
      ...(writes && bodyLimit ? { "413": errorResponse(`A body over ${bodyLimit}`) } : {}),
      ...(spec.accountScope ? { "402": errorResponse("An account's key with too few credits; see resets_at") } : {}),
      ...(spec.idempotent
        ? {
            "409": errorResponse("A request with this Idempotency-Key is still running"),
            "422": errorResponse("This Idempotency-Key was sent with another request"),
          }
        : {}),
      "429": errorResponse("The API key's plan allows no more requests this minute; see Retry-After"),
      "500": errorResponse("A failure on our side; the details are only in the server log"),
    },
  };
}

/**
 * Who may call (docs/decisions/003-key-scopes.md): a key only where the route
 * names a scope; the operator's own routes only with the cookie.
 */
function securityOf(spec: AnySpec): ZodOpenApiOperationObject["security"] {
  const key = spec.scope ? [{ apiKey: [] }] : [];
  if (spec.auth === "operator") return [...key, { operatorCookie: [] }];
  return [{}, ...key];
}

function pathsOf(entries: RouteModuleEntry[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const entry of [...entries].sort((a, b) => a.path.localeCompare(b.path))) {
    for (const method of HTTP_METHODS) {
      const spec = specOf(entry.module[method]);
      if (!spec) continue;
      paths[entry.path] = { ...paths[entry.path], [method.toLowerCase()]: operation(method, entry.path, spec) };
    }
  }
  return paths;
}

function document(paths: ZodOpenApiPathsObject, release: string) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Labs API",
      version: release,
      description:
        "Scan, Ask, Research and Labs in one app. Errors always use the envelope `Error`. " +
        "Operator endpoints take the `labs_op` cookie or `Authorization: Bearer <API key>`; " +
        "keys are rate-limited per plan and every keyed request is logged.",
    },
    tags: TAGS.map(([, name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key minted in the admin page" },
        operatorCookie: { type: "apiKey", in: "cookie", name: "labs_op", description: "The operator's login session" },
      },
    },
  });
}

/**
 * The whole document. When one route's schemas cannot be rendered, the error
 * names that route instead of leaving a reader to guess.
 */
export function buildOpenApiDocument(entries: RouteModuleEntry[], release: string) {
  const paths = pathsOf(entries);
  try {
    return document(paths, release);
  } catch (error) {
    for (const [path, item] of Object.entries(paths)) {
      try {
        document({ [path]: item }, release);
      } catch (routeError) {
        throw new Error(`OpenAPI: the schemas of ${path} cannot be rendered: ${String(routeError)}`, {
          cause: routeError,
        });
      }
    }
    throw error;
  }
}
