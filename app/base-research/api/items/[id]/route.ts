// GET /base-research/api/items/[id] – one item with its observations and per-source prices
import { idParams } from "@/lib/http/ids";
import { route } from "@/lib/http/route";
import { getItemDetailOrThrow } from "@/lib/research/get-item";

export const GET = route({ auth: "public", params: idParams }, ({ params }) => getItemDetailOrThrow({ id: params.id }));
