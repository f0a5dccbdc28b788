// POST /base-scan/api/cards/[id]/delete – soft-delete a card
import { idParams } from "@/lib/http/ids";
import { route } from "@/lib/http/route";
import { deleteCard } from "@/lib/scan/cards";

export const POST = route({ auth: "public", params: idParams }, async ({ params }) => {
  await deleteCard({ id: params.id });
  return { ok: true, deleted: true };
});
