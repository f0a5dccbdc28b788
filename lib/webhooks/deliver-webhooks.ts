import "server-only";
import { Webhook as Signer } from "standardwebhooks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { eventsCommitted, recordEvent } from "@/lib/events/record-event";
import { postOutbound } from "@/lib/events/outbound";

// Webhook deliveries (docs/decisions/023-webhooks.md): the event log fanned
// out to each webhook that takes the event's type, then each delivery sent,
// signed as Standard Webhooks says, and retried with exponential backoff and
// jitter for 24 hours. At least once: a receiver tells repeats apart by
// `webhook-id`, the event's id.

/** How long a delivery is retried, and how long a webhook may fail before it is disabled. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** The most of an answer kept to show. */
const ANSWER_KEPT_CHARS = 1024;
/** A claimed delivery as delivery_pass() sends it back, read through JSON. */
export type ClaimedDelivery = {
  id: number;
  webhook_id: number;
  event_id: number | null;
  payload: string;
  attempts: number;
  created_at: string;
  url: string;
  secret: string;
};

/** Starts sending each claimed delivery, without waiting: one receiver that takes its whole timeout holds up no other. */
export function startSends(claimed: ClaimedDelivery[]): Promise<void>[] {
  return claimed.map((delivery) =>
    sendDelivery(delivery).catch((error: unknown) => console.error("labs: a webhook delivery:", error)),
  );
}

type Delivered = { id: number; status: number; latencyMs: number; response: string | null };

/** Successes waiting to be written, and the write under way. */
let delivered: Delivered[] = [];
let flushing: Promise<void> | null = null;
/** How long a success waits for others to be written with it. */
const FLUSH_MS = 20;

/**
 * Writes a success with the others of the next few milliseconds, in one
 * statement: a thousand deliveries cost a few dozen writes, not a thousand.
 * A crash before the write sends them again after the claim ends: at least
 * once, as every delivery.
 */
function recordDelivered(entry: Delivered): Promise<void> {
  delivered.push(entry);
  scheduleFlush();
  return Promise.resolve();
}

function scheduleFlush(): void {
  flushing ??= new Promise((resolve) => setTimeout(resolve, FLUSH_MS)).then(writeDelivered);
}

/** Writes what has been delivered so far: deliverDue (lib/events/delivery-pass.ts) reads the rows after it. */
export async function flushDelivered(): Promise<void> {
  while (flushing || delivered.length) await (flushing ?? writeDelivered());
}

async function writeDelivered(): Promise<void> {
  const batch = delivered;
  delivered = [];
  try {
    if (batch.length === 0) return;
    await db().$executeRaw`
      SELECT record_webhook_successes(
        p_ids => ${batch.map((d) => d.id)}::int[], p_statuses => ${batch.map((d) => d.status)}::int[],
        p_latencies => ${batch.map((d) => d.latencyMs)}::int[], p_responses => ${batch.map((d) => d.response)}::text[])`;
  } catch (error) {
    console.error("labs: could not record webhook deliveries:", error);
  } finally {
    flushing = null;
    // A success that arrived while this batch was being written found a
    // flush under way and scheduled none: it goes with the next.
    if (delivered.length > 0) scheduleFlush();
  }
}

type Attempt = { ok: boolean; status: number | null; error: string | null; latencyMs: number; response: string | null };

async function sendDelivery(delivery: ClaimedDelivery): Promise<void> {
  const attempt = await post(delivery);
  await recordAttempt(delivery, attempt);
}

/**
 * One POST: 10 s at most (WEBHOOK_TIMEOUT_MS), no redirect followed, no more
 * of the answer read than is kept. Through postOutbound, as pushes and ntfy
 * messages: Node's http client costs the server's thread a fraction of what
 * fetch does, which counts when one event goes to a thousand webhooks. The
 * operator names webhooks' addresses, so private ones are allowed (a LAN's
 * own receiver).
 */
async function post(delivery: ClaimedDelivery): Promise<Attempt> {
  const messageId = delivery.event_id === null ? `test_${delivery.id}` : String(delivery.event_id);
  const now = new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": "Labs-Webhooks/1",
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": new Signer(delivery.secret).sign(messageId, now, delivery.payload),
  };
  const started = performance.now();
  try {
    const answer = await postOutbound(delivery.url, {
      headers,
      body: delivery.payload,
      timeoutMs: env().WEBHOOK_TIMEOUT_MS,
      allowPrivate: true,
      keep: ANSWER_KEPT_CHARS,
    });
    const latencyMs = Math.round(performance.now() - started);
    const ok = answer.status >= 200 && answer.status < 300;
    const error = ok
      ? null
      : answer.status >= 300 && answer.status < 400
        ? `answered ${answer.status}, a redirect, which is not followed`
        : `answered ${answer.status}`;
    return { ok, status: answer.status, error, latencyMs, response: answer.text };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const message = (error as Error).message;
    const reason = message.startsWith("no answer within") ? message : `could not be reached: ${message}`;
    return { ok: false, status: null, error: reason.slice(0, 500), latencyMs, response: null };
  }
}

/** The delay before attempt n+1: 10 s doubling to at most an hour, each between half and all of it. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const ceiling = Math.min(10_000 * 2 ** (attempts - 1), 60 * 60 * 1000);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

async function recordAttempt(delivery: ClaimedDelivery, attempt: Attempt, now = new Date()): Promise<void> {
  const common = {
    lockedUntil: null,
    lastStatus: attempt.status,
    lastError: attempt.error,
    latencyMs: attempt.latencyMs,
    response: attempt.response,
  };
  if (attempt.ok) {
    await recordDelivered({
      id: delivery.id,
      status: attempt.status ?? 0,
      latencyMs: attempt.latencyMs,
      response: attempt.response,
    });
    return;
  }
  const givesUp = now.getTime() - Date.parse(delivery.created_at) >= GIVE_UP_AFTER_MS;
  await db().webhookDelivery.update({
    where: { id: delivery.id },
    data: givesUp
      ? { ...common, status: "failed" }
      : { ...common, nextAttemptAt: new Date(now.getTime() + retryDelayMs(delivery.attempts)) },
  });
  await markFailing(delivery.webhook_id, now);
}

/**
 * A failed attempt: the webhook is failing from now, if it was not already;
 * failing for 24 hours, it is disabled, which is itself an event
 * (webhook.disabled), in the same transaction.
 */
async function markFailing(webhookId: number, now: Date): Promise<void> {
  await db().webhook.updateMany({ where: { id: webhookId, failingSince: null }, data: { failingSince: now } });
  const since = new Date(now.getTime() - GIVE_UP_AFTER_MS);
  const disabled = await db().$transaction(async (tx) => {
    const [webhook] = await tx.$queryRaw<{ id: number; url: string; failing_since: Date }[]>`
      UPDATE webhook SET disabled_at = ${now}::timestamptz
      WHERE id = ${webhookId}::int AND disabled_at IS NULL AND failing_since <= ${since}::timestamptz
      RETURNING id, url, failing_since`;
    if (!webhook) return false;
    await recordEvent(tx, {
      type: "webhook.disabled",
      subject: { kind: "webhook", id: webhook.id, url: "/admin/operator#webhooks" },
      data: { webhook_id: webhook.id, url: webhook.url, failing_since: webhook.failing_since.toISOString() },
      origin: "labs",
    });
    return true;
  });
  if (disabled) eventsCommitted();
}
