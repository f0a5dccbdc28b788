// GET /base-research/api/state – the state snapshot the agent reads first
import { route } from "@/lib/http/route";
import { browserGuarded } from "@/lib/research/browser-guard";
import { buildSnapshot } from "@/lib/research/build-snapshot";
import { snapshotForAccount } from "@/lib/research/for-accounts";
import { stateResponse } from "@/lib/research/schemas";

export const GET = browserGuarded(
  route(
    {
      auth: "public",
      scope: "research",
      accountScope: "research:read",
      // A snapshot is several reads in one: it costs an account five calls.
      credits: 5,
      summary: "State snapshot: counts, recent observations, sessions, notes, price drops, out of stock",
      response: stateResponse,
    },
    async ({ origin }) => {
      if (origin.kind !== "account") return buildSnapshot();
      return snapshotForAccount(await buildSnapshot({ sessionsOf: origin.id }), origin.id);
    },
  ),
);
