import { routeManifest } from "@/lib/generated/route-manifest";
import { buildOpenApiDocument } from "@/lib/platform/openapi";
import { buildInfo } from "@/lib/platform/release";
import { API_ROUTES } from "@/server/api-routes";

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document of this build's routes, built once per process. */
export function openApiDocument() {
  // The front door's routes, and the form routes Next still answers under app/.
  cached ??= buildOpenApiDocument([...API_ROUTES, ...routeManifest], buildInfo().release);
  return cached;
}
