// GET /base-research/api/state – the state snapshot the agent reads first
import { route } from "@/lib/http/route";
import { buildSnapshot } from "@/lib/research/build-snapshot";

export const GET = route({ auth: "public" }, () => buildSnapshot());
