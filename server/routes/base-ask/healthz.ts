// GET /base-ask/healthz – liveness with a real database round trip
import { healthRoute } from "@/lib/labs/health";

export const GET = healthRoute("base-ask");
