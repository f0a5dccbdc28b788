// DELETE /labs/api/webhooks/[id] – stop sending to a webhook; its deliveries go with it
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { deleteWebhook } from "@/lib/webhooks/manage-webhooks";
import { deleteWebhookResponse } from "@/lib/webhooks/schemas";

export const DELETE = route(
  {
    auth: "operator",
    summary: "Delete a webhook and its deliveries",
    params: idParams,
    response: deleteWebhookResponse,
  },
  async ({ params }) => {
    await deleteWebhook(params.id);
    return { id: params.id };
  },
);
