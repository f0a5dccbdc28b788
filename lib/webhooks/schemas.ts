// The webhook API's shapes (docs/contract.md, "Webhooks"). No server imports.
import { z } from "zod";
import { chosenEventTypes } from "@/lib/events/schemas";
import { idParam, isoTime } from "@/lib/http/wire";
import { optionalText } from "@/lib/text-input";

/** Where a webhook is sent: an http or https address, nothing else. */
const webhookUrl = z
  .string()
  .trim()
  .max(2000, "is too long")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "must be an http:// or https:// address, without a user name or password");

export const createWebhookBody = z.object({
  url: webhookUrl,
  types: chosenEventTypes,
  description: optionalText(200),
});

export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhookJson = z.strictObject({
  id: z.number().int(),
  url: z.string(),
  types: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  failing_since: isoTime.nullable(),
  disabled_at: isoTime.nullable(),
  created_at: isoTime,
});

export type WebhookJson = z.infer<typeof webhookJson>;

export const createWebhookResponse = z.strictObject({
  ok: z.literal(true),
  webhook: webhookJson.extend({
    secret: z.string().meta({ description: "whsec_…: verifies the signatures; shown in this answer only" }),
  }),
});

export const listWebhooksResponse = z.strictObject({ ok: z.literal(true), webhooks: z.array(webhookJson) });
export const deleteWebhookResponse = z.strictObject({ ok: z.literal(true), id: z.number().int() });

export const webhookDelivery = z.strictObject({
  id: z.number().int(),
  event_id: z.number().int().nullable(),
  type: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  response: z.string().nullable().meta({ description: "The first 1 KiB of the receiver's last answer" }),
  next_attempt_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});

export type WebhookDeliveryJson = z.infer<typeof webhookDelivery>;

export const listDeliveriesResponse = z.strictObject({
  ok: z.literal(true),
  deliveries: z.array(webhookDelivery),
});
export const deliveryResponse = z.strictObject({ ok: z.literal(true), delivery: webhookDelivery });

export const deliveryParams = z.object({ id: idParam, delivery_id: idParam });
