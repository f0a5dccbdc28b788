// GET /base-research/api/items/[id] – one item with its observations and per-source prices
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { browserGuarded } from "@/lib/research/browser-guard";
import { itemForAccount } from "@/lib/research/for-accounts";
import { getItemDetailOrThrow } from "@/lib/research/get-item";
import { itemDetailResponse } from "@/lib/research/schemas";

export const GET = browserGuarded(
  route(
    {
      auth: "public",
      scope: "research",
      accountScope: "research:read",
      summary: "One item with its observations, newest first, and latest/min/max price per source",
      params: idParams,
      response: itemDetailResponse,
    },
    async ({ params, origin }) => {
      const detail = await getItemDetailOrThrow({ id: params.id });
      return origin.kind === "account" ? itemForAccount(detail, origin.id) : detail;
    },
  ),
);
