// POST /labs/api/webhooks/[id]/test – send webhook.test, as any event is sent
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { testWebhook } from "@/lib/webhooks/manage-webhooks";
import { deliveryResponse } from "@/lib/webhooks/schemas";

export const POST = route(
  {
    auth: "operator",
    summary: "Queue a webhook.test delivery; its deliveries list shows how it went",
    params: idParams,
    status: 202,
    response: deliveryResponse,
  },
  async ({ params }) => ({ delivery: await testWebhook(params.id) }),
);
