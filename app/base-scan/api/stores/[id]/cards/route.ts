// GET /base-scan/api/stores/[id]/cards – a store's active cards; POST – add a card to it
import { idParams } from "@/lib/http/ids";
import { route } from "@/lib/http/route";
import { createCard, listCards } from "@/lib/scan/cards";
import { createCardBody } from "@/lib/scan/schemas";
import { storeJson } from "@/lib/scan/shapes";
import { getStoreOrThrow } from "@/lib/scan/stores";

export const GET = route({ auth: "public", params: idParams }, async ({ params }) => {
  const store = await getStoreOrThrow({ id: params.id });
  return { ok: true, store: storeJson(store), cards: await listCards({ storeId: store.id }) };
});

export const POST = route({ auth: "public", params: idParams, body: createCardBody }, async ({ params, body }) => ({
  ok: true,
  card: await createCard({ storeId: params.id, ...body }),
}));
