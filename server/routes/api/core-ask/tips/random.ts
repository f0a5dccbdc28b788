// GET /api/core-ask/tips/random – one random tip for the ticker (public)
import { randomTipResponse } from "@/lib/ask/schemas";
import { getRandomTip } from "@/lib/ask/tips";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "public",
    scope: "ask",
    summary: "One random tip about using Labs (null when there are none)",
    response: randomTipResponse,
  },
  async () => Response.json({ ok: true, tip: await getRandomTip() }, { headers: { "cache-control": "no-store" } }),
);
