// GET /base-scan/api/cards/[id] – a card with its latest spends; PATCH – change what it keeps
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { getCard, updateCard } from "@/lib/scan/cards";
import { cardDetailResponse, cardResponse, updateCardBody } from "@/lib/scan/schemas";

export const GET = route(
  {
    auth: "public",
    scope: "scan",
    summary: "A loyalty card with everything it keeps, and its latest spends",
    params: idParams,
    response: cardDetailResponse,
  },
  async ({ params }) => getCard({ id: params.id }),
);

export const PATCH = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Change a card's number, format, note, dates, balance, colour, star or archive; null clears a field",
    params: idParams,
    body: updateCardBody,
    response: cardResponse,
  },
  async ({ params, body }) => ({ card: await updateCard({ id: params.id, ...camelize(body) }) }),
);
