// POST /base-scan/api/cards/[id]/spend – take an amount off a gift card's balance, kept in its history
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { spendFromCard } from "@/lib/scan/cards";
import { spendCardBody, spendCardResponse } from "@/lib/scan/schemas";

export const POST = route(
  {
    auth: "public",
    scope: "scan",
    summary: "Spend from a card's balance; more than it holds is refused (409)",
    params: idParams,
    body: spendCardBody,
    status: 201,
    response: spendCardResponse,
  },
  async ({ params, body }) => spendFromCard({ id: params.id, ...body }),
);
