// GET /api/core-ask/tips – all tips; POST – add one (operator)
import { createTipBody, tipListResponse, tipResponse } from "@/lib/ask/schemas";
import { createTip, listTips } from "@/lib/ask/tips";
import { route } from "@/lib/http/route";

export const GET = route(
  { auth: "operator", scope: "ask", summary: "All tips, oldest first", response: tipListResponse },
  async () => ({ tips: await listTips() }),
);

export const POST = route(
  { auth: "operator", scope: "ask", summary: "Add a tip", body: createTipBody, response: tipResponse },
  async ({ body }) => ({ tip: await createTip({ text: body.text }) }),
);
