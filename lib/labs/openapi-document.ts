import { routeManifest } from "@/lib/generated/route-manifest";
import type { RouteSpec } from "@/lib/http/route";
import { buildOpenApiDocument, type RouteModuleEntry } from "@/lib/labs/openapi";
import { buildInfo } from "@/lib/labs/release";
import { openApiDocumentResponse } from "@/lib/labs/schemas";

/** The spec of GET /api/openapi.json, kept here because the manifest cannot hold its own route. */
export const openApiRouteSpec = {
  auth: "public",
  summary: "This API's OpenAPI 3.1 document, built from the zod schemas of every JSON route",
  response: openApiDocumentResponse,
} satisfies RouteSpec<never, never, never>;

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document of this build's routes, built once per process. */
export function openApiDocument() {
  const self: RouteModuleEntry = {
    path: "/api/openapi.json",
    module: { GET: Object.assign(() => undefined, { spec: openApiRouteSpec }) },
  };
  cached ??= buildOpenApiDocument([...routeManifest, self], buildInfo().release);
  return cached;
}
