// GET /api/openapi.json – the OpenAPI 3.1 document of every JSON route
import { route } from "@/lib/http/route";
import { openApiDocument, openApiRouteSpec } from "@/lib/labs/openapi-document";

export const GET = route(openApiRouteSpec, () => openApiDocument());
