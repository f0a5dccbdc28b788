// POST /base-research/api/observe – record a price observation
import { route } from "@/lib/http/route";
import { recordObservation } from "@/lib/research/record-observation";
import { observeBody } from "@/lib/research/schemas";

export const POST = route({ auth: "public", body: observeBody }, async ({ body }) => ({
  ok: true,
  ...(await recordObservation({ input: body })),
}));
