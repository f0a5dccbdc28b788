// POST /base-scan/api/cards/[id]/delete – soft-delete a card
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { deleteCard } from "@/lib/scan/cards";
import { deleteCardResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Soft-delete a loyalty card (the row stays, the card leaves the wallet)",
    params: idParams,
    response: deleteCardResponse,
  },
  async ({ params }) => {
    await deleteCard({ id: params.id });
    return { deleted: true };
  },
);
