import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import type { CreateWebhookBody, WebhookDeliveryJson, WebhookJson } from "@/lib/webhooks/schemas";
import { wakeDeliveryWorker } from "@/lib/events/worker-signal";

// The operator's webhooks (docs/contract.md, "Webhooks"): made, listed,
// deleted, tested, and their deliveries read and retried.

/** How many of a webhook's deliveries its list shows, newest first. */
export const DELIVERIES_LISTED = 100;

type WebhookRow = {
  id: number;
  url: string;
  types: string[];
  description: string | null;
  failingSince: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
};

function toWebhookJson(row: WebhookRow): WebhookJson {
  return {
    id: row.id,
    url: row.url,
    types: row.types,
    description: row.description,
    enabled: row.disabledAt === null,
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A new webhook, with its secret (Standard Webhooks' `whsec_` and 32 random
 * bytes in base64), given what happens from now on: it starts after the
 * newest event.
 */
export async function createWebhook(input: CreateWebhookBody): Promise<WebhookJson & { secret: string }> {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const counter = await db().eventCounter.findUnique({ where: { id: 1 } });
  const row = await db().webhook.create({
    data: {
      url: input.url,
      types: input.types,
      description: input.description ?? null,
      secret,
      lastEventId: counter?.lastId ?? 0n,
    },
  });
  return { ...toWebhookJson(row), secret };
}

export async function listWebhooks(): Promise<WebhookJson[]> {
  const rows = await db().webhook.findMany({ orderBy: { id: "asc" } });
  return rows.map(toWebhookJson);
}

export async function deleteWebhook(id: number): Promise<void> {
  const { count } = await db().webhook.deleteMany({ where: { id } });
  if (count === 0) throw webhookNotFound(id);
}

/** Queues a `webhook.test` delivery, sent like any other (and retried like one). */
export async function testWebhook(id: number, now = new Date()): Promise<WebhookDeliveryJson> {
  const webhook = await db().webhook.findUnique({ where: { id } });
  if (!webhook) throw webhookNotFound(id);
  const payload = JSON.stringify({
    type: "webhook.test",
    timestamp: now.toISOString(),
    data: { webhook_id: id, message: "A test from Labs: this webhook is reached and its signature checks." },
  });
  const delivery = await db().webhookDelivery.create({ data: { webhookId: id, type: "webhook.test", payload } });
  wakeDeliveryWorker();
  return toDeliveryJson(delivery);
}

export async function listDeliveries(id: number): Promise<WebhookDeliveryJson[]> {
  if (!(await db().webhook.findUnique({ where: { id }, select: { id: true } }))) throw webhookNotFound(id);
  const rows = await db().webhookDelivery.findMany({
    where: { webhookId: id },
    orderBy: { id: "desc" },
    take: DELIVERIES_LISTED,
  });
  return rows.map(toDeliveryJson);
}

/** Sends a delivery again now, whatever became of it: its attempts go on from where they were. */
export async function retryDelivery(id: number, deliveryId: number): Promise<WebhookDeliveryJson> {
  const { count } = await db().webhookDelivery.updateMany({
    where: { id: deliveryId, webhookId: id },
    data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null },
  });
  if (count === 0) {
    throw new AppError("not_found", errorText("webhooks.deliveryNotFound", { id: deliveryId, webhook: id }));
  }
  wakeDeliveryWorker();
  return toDeliveryJson(await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }));
}

function webhookNotFound(id: number): AppError {
  return new AppError("not_found", errorText("webhooks.notFound", { id }));
}

export function toDeliveryJson(row: {
  id: number;
  eventId: bigint | null;
  type: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  latencyMs: number | null;
  response: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  updatedAt: Date;
}): WebhookDeliveryJson {
  return {
    id: row.id,
    event_id: row.eventId === null ? null : Number(row.eventId),
    type: row.type,
    status: row.status as WebhookDeliveryJson["status"],
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    latency_ms: row.latencyMs,
    response: row.response,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
