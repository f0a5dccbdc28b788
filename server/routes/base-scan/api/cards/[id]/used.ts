// POST /base-scan/api/cards/[id]/used – the card was shown at the till: its last_used_at is now
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { markCardUsed } from "@/lib/scan/cards";
import { cardResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Record that a card was shown at the till (last_used_at)",
    params: idParams,
    response: cardResponse,
  },
  async ({ params }) => ({ card: await markCardUsed({ id: params.id }) }),
);
