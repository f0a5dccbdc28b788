// GET /base-research/api/state – the state snapshot the agent reads first
import { route } from "@/lib/http/route";
import { browserGuarded } from "@/lib/research/browser-guard";
import { buildSnapshot } from "@/lib/research/build-snapshot";
import { stateResponse } from "@/lib/research/schemas";

export const GET = browserGuarded(
  route(
    {
      auth: "public",
      scope: "research",
      summary: "State snapshot: counts, recent observations, sessions, notes, price drops, out of stock",
      response: stateResponse,
    },
    () => buildSnapshot(),
  ),
);
