// POST /labs/api/webhooks/[id]/deliveries/[delivery_id]/retry – send a delivery again now
import { route } from "@/lib/http/route";
import { retryDelivery } from "@/lib/webhooks/manage-webhooks";
import { deliveryParams, deliveryResponse } from "@/lib/webhooks/schemas";

export const POST = route(
  {
    auth: "operator",
    summary: "Send a delivery again now, delivered or failed",
    params: deliveryParams,
    response: deliveryResponse,
  },
  async ({ params }) => ({ delivery: await retryDelivery(params.id, params.delivery_id) }),
);
