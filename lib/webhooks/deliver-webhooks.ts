import "server-only";
import { Webhook as Signer } from "standardwebhooks";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { eventsCommitted, isoTime, recordEvent } from "@/lib/events/record-event";
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
/** A claim's length: another worker may take the delivery after it, should this one die sending. */
const CLAIM_SECONDS = 60;
/** How many events one pass gives one webhook, or one channel, deliveries for. */
export const FAN_OUT_BATCH = 500;
/**
 * How many webhooks, and how many channels, one pass fans out to; the next
 * pass goes on with the rest. On PGlite the requests wait while a pass runs:
 * an event for a thousand webhooks and a thousand phones in one statement
 * held every scan for as long as it took.
 */
export const FAN_OUT_DESTINATIONS = 200;

/**
 * The CTEs of the delivery worker's pass (lib/events/delivery-pass.ts) for
 * webhooks, after its `newest`, the last event's id. With `fanOut`, each
 * enabled webhook is given a delivery for every event of its types after
 * the last it was given, and its mark moves on: for up to
 * FAN_OUT_DESTINATIONS webhooks at once, so a thousand webhooks cost a few
 * round trips, not a thousand transactions.
 * Ids are visible in order (decision 022), so going on from the marks never
 * skips one; a webhook another instance is fanning out is skipped (SKIP
 * LOCKED), and the unique webhook and event would make each delivery once
 * anyway. The body is built here as the receiver gets it, the same at every
 * attempt.
 *
 * Then up to `room` deliveries are claimed for this worker alone (claims
 * that cannot collide): those already due first, then new ones, which are
 * written claimed. `webhook_sends` holds them with their webhook's address
 * and secret, `made` a row for each delivery made.
 */
export function webhookFanOutAndClaim({ fanOut, room }: { fanOut: boolean; room: number }): Prisma.Sql {
  return Prisma.sql`
    hooks AS (
      SELECT w.id, w.types, w.last_event_id FROM webhook w, newest
      WHERE ${fanOut}::boolean AND w.disabled_at IS NULL AND w.last_event_id < newest.last_id
      ORDER BY w.id
      LIMIT ${FAN_OUT_DESTINATIONS}::int
      FOR UPDATE OF w SKIP LOCKED),
    hooks_upto AS (
      SELECT LEAST((SELECT last_id FROM newest), (SELECT min(last_event_id) FROM hooks) + ${FAN_OUT_BATCH}::int) AS id),
    due AS (
      SELECT d.id FROM webhook_delivery d JOIN webhook w ON w.id = d.webhook_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.disabled_at IS NULL
        AND (d.locked_until IS NULL OR d.locked_until < now())
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${room}::int
      FOR UPDATE OF d SKIP LOCKED),
    retried AS (
      UPDATE webhook_delivery d
      SET locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}::int), attempts = d.attempts + 1
      FROM due
      WHERE d.id = due.id
      RETURNING d.id, d.webhook_id, d.event_id, d.payload, d.attempts, d.created_at),
    fresh AS (
      SELECT h.id AS webhook_id, e.id AS event_id, e.type,
             json_build_object(
               'type', e.type,
               'timestamp', ${ISO_AT},
               'data', json_build_object(
                 'id', e.id, 'type', e.type, 'at', ${ISO_AT},
                 'subject', e.subject, 'data', e.data, 'origin', e.origin))::text AS payload,
             row_number() OVER (ORDER BY e.id, h.id) <= ${room}::int - (SELECT count(*) FROM due) AS claimed
      FROM hooks h JOIN event e
        ON e.id > h.last_event_id AND e.id <= (SELECT id FROM hooks_upto) AND e.type = ANY(h.types)),
    made AS (
      INSERT INTO webhook_delivery (webhook_id, event_id, type, payload, updated_at, locked_until, attempts)
      SELECT webhook_id, event_id, type, payload, now(),
             CASE WHEN claimed THEN now() + make_interval(secs => ${CLAIM_SECONDS}::int) END,
             CASE WHEN claimed THEN 1 ELSE 0 END
      FROM fresh
      ON CONFLICT (webhook_id, event_id) DO NOTHING
      RETURNING id, webhook_id, event_id, payload, attempts, created_at, locked_until IS NOT NULL AS claimed),
    moved AS (
      UPDATE webhook w SET last_event_id = (SELECT id FROM hooks_upto)
      FROM hooks h
      WHERE w.id = h.id AND w.last_event_id < (SELECT id FROM hooks_upto)),
    webhook_sends AS (
      SELECT c.id, c.webhook_id, c.event_id, c.payload, c.attempts, c.created_at, w.url, w.secret
      FROM (SELECT * FROM retried
            UNION ALL
            SELECT id, webhook_id, event_id, payload, attempts, created_at FROM made WHERE claimed) c
        JOIN webhook w ON w.id = c.webhook_id)`;
}

/** An event's time as JSON writes it (toISOString): what the payload's `timestamp` and `at` hold. */
const ISO_AT = isoTime("e.at");

/** A claimed delivery as webhook_sends holds it, read back through JSON. */
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
      WITH v AS (
        SELECT * FROM unnest(${batch.map((d) => d.id)}::int[], ${batch.map((d) => d.status)}::int[],
                             ${batch.map((d) => d.latencyMs)}::int[], ${batch.map((d) => d.response)}::text[])
          AS v(id, status, latency_ms, response)),
      done AS (
        UPDATE webhook_delivery d
        SET status = 'delivered', locked_until = NULL, last_status = v.status, last_error = NULL,
            latency_ms = v.latency_ms, response = v.response, updated_at = now()
        FROM v WHERE d.id = v.id
        RETURNING d.webhook_id)
      UPDATE webhook SET failing_since = NULL
      WHERE id IN (SELECT webhook_id FROM done) AND failing_since IS NOT NULL`;
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
