// GET /base-ask/healthz – liveness with a real database round trip
import { healthResponse } from "@/lib/labs/health";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "public" }, () => healthResponse("base-ask"));
