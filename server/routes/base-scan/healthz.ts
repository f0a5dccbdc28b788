// GET /base-scan/healthz – liveness with a real database round trip
import { healthRoute } from "@/lib/platform/health";

export const GET = healthRoute("base-scan");
