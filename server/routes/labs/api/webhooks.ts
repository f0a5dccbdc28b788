// GET, POST /labs/api/webhooks – the operator's webhooks; a new one's secret is shown once
import { route } from "@/lib/http/route";
import { createWebhook, listWebhooks } from "@/lib/webhooks/manage-webhooks";
import { createWebhookBody, createWebhookResponse, listWebhooksResponse } from "@/lib/webhooks/schemas";

export const GET = route(
  { auth: "operator", summary: "The webhooks, oldest first, without their secrets", response: listWebhooksResponse },
  async () => ({ webhooks: await listWebhooks() }),
);

export const POST = route(
  {
    auth: "operator",
    summary: "Send these event types to a URL, signed as Standard Webhooks says; the secret is in this answer only",
    body: createWebhookBody,
    status: 201,
    response: createWebhookResponse,
  },
  async ({ body }) => ({ webhook: await createWebhook(body) }),
);
