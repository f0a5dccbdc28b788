// POST /base-research/api/observe – record a price observation
import { route } from "@/lib/http/route";
import { browserGuarded } from "@/lib/research/browser-guard";
import { recordObservation } from "@/lib/research/record-observation";
import { observeBody, observeResponse } from "@/lib/research/schemas";
import { camelize } from "@/lib/http/wire";

export const POST = browserGuarded(
  route(
    {
      auth: "public",
      scope: "research",
      // An account writes into research sessions of its own (lib/research/record-observation.ts).
      accountScope: "research:write",
      idempotent: true,
      summary: "Record a price observation; creates the item and session as needed",
      body: observeBody,
      response: observeResponse,
    },
    async ({ body, origin }) => recordObservation({ input: camelize(body), origin }),
  ),
);
