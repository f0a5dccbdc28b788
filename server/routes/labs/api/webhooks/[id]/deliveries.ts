// GET /labs/api/webhooks/[id]/deliveries – the latest deliveries and how their attempts went
import { idParams } from "@/lib/http/wire";
import { route } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/manage-webhooks";
import { listDeliveriesResponse } from "@/lib/webhooks/schemas";

export const GET = route(
  {
    auth: "operator",
    summary: "A webhook's latest 100 deliveries, newest first: status, attempts, latency, the answer's first 1 KiB",
    params: idParams,
    response: listDeliveriesResponse,
  },
  async ({ params }) => ({ deliveries: await listDeliveries(params.id) }),
);
