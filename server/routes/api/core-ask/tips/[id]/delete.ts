// POST /api/core-ask/tips/[id]/delete – remove a tip (operator)
import { deletedResponse } from "@/lib/ask/schemas";
import { deleteTip } from "@/lib/ask/tips";
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";

export const POST = route(
  { auth: "operator", scope: "ask", summary: "Remove a tip", params: idParams, response: deletedResponse },
  async ({ params }) => {
    await deleteTip({ id: params.id });
    return { deleted: true };
  },
);
