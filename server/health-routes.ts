// The health checks, one per service, kept apart from the API's other routes
// (server/api-routes.ts, whose table includes them) so the server can answer
// them from its first moment, before it has loaded the rest (server/main.ts).
import type { RouteModuleEntry } from "@/lib/platform/openapi";
import * as baseAskHealthz from "@/server/routes/base-ask/healthz";
import * as baseScanHealthz from "@/server/routes/base-scan/healthz";
import * as coreAskHealthz from "@/server/routes/core-ask/healthz";
import * as labsHealthz from "@/server/routes/labs/healthz";

export const HEALTH_ROUTES: RouteModuleEntry[] = [
  { path: "/base-ask/healthz", module: baseAskHealthz },
  { path: "/base-scan/healthz", module: baseScanHealthz },
  { path: "/core-ask/healthz", module: coreAskHealthz },
  { path: "/labs/healthz", module: labsHealthz },
];
