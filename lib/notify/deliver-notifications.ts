import "server-only";
import webpush from "web-push";
import { aheadOfRequests, db } from "@/lib/db";
import { env } from "@/lib/env";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { postOutbound } from "@/lib/events/outbound";
import { quietUntil } from "@/lib/notify/quiet-hours";
import { composeMessage, type NotifyEvent, type NotifyMessage } from "@/lib/notify/texts";
import { vapidKeys } from "@/lib/notify/vapid-keys";
import { GIVE_UP_AFTER_MS, retryDelayMs } from "@/lib/webhooks/deliver-webhooks";

// Pushes and ntfy messages (docs/decisions/024-notifications.md). Like the
// webhooks, the event log is fanned out to each channel that takes the
// event's type, at least once. Unlike them, a channel is sent to as a whole:
// the first event goes at once, what follows within NOTIFY_BATCH_SECONDS is
// gathered into one message sent when they have passed, and quiet hours hold
// everything until they end. A push service that says the subscription is
// gone (404, 410) has the channel deleted.

/** A claim's length: another worker may take the channel after it, should this one die sending. */
const CLAIM_SECONDS = 60;
/** The most events one message gathers; the rest go in the next. */
const GATHERED_MAX = 500;
/** How long a push service keeps a message for a phone that is off. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

type Channel = {
  id: string;
  kind: string;
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  token: string | null;
  locale: string;
  baseUrl: string;
  origin: string;
};

type Pending = {
  id: number;
  attempts: number;
  created_at: string;
  event: (Omit<NotifyEvent, "id"> & { id: number }) | null;
};

type Claimed = Channel & { quiet_hours: string | null; last_sent_at: Date | null; pending: Pending[] };

/** The quiet hours that hold a channel: its person's, else NOTIFY_QUIET_HOURS. */
function quietHoursOf(personQuietHours: string | null | undefined): string {
  return personQuietHours ?? env().NOTIFY_QUIET_HOURS;
}

/** Until when what a channel has pending waits (quiet hours, the batch window), or null if it may go now. */
export function heldUntil(
  channel: { lastSentAt: Date | null; person: { quietHours: string | null } | null },
  now = new Date(),
): Date | null {
  const quiet = quietUntil(now, quietHoursOf(channel.person?.quietHours));
  const window = channel.lastSentAt ? new Date(channel.lastSentAt.getTime() + env().NOTIFY_BATCH_SECONDS * 1000) : null;
  const held = [quiet, window].filter((at): at is Date => at !== null && at > now);
  return held.length ? new Date(Math.max(...held.map((at) => at.getTime()))) : null;
}

/**
 * Takes up to `limit` channels with something due and out of their batch
 * window, for this worker alone, each with what it has due and those events:
 * one statement for them all, where a statement per channel queued a
 * thousand phones' sends behind the requests on PGlite's one connection.
 */
async function claimDue(limit: number): Promise<Claimed[]> {
  // Ahead of the requests on PGlite (lib/events/delivery-pass.ts says why); the sends take their turn.
  // The database's function, planned once per connection (docs/decisions/037-delivery-planned-once.md).
  return aheadOfRequests(
    () => db().$queryRaw<Claimed[]>`
      SELECT * FROM claim_notify_channels(
        p_limit => ${limit}::int, p_batch_seconds => ${env().NOTIFY_BATCH_SECONDS}::int,
        p_claim_seconds => ${CLAIM_SECONDS}::int, p_gathered_max => ${GATHERED_MAX}::int)`,
  );
}

/** Claims up to `limit` channels with something due and starts sending to each, without waiting (as the webhooks' startDue). */
export async function startDueNotifications(limit: number): Promise<Promise<void>[]> {
  const claimed = await claimDue(limit);
  return claimed.map((channel) =>
    sendChannel(channel).catch((error: unknown) => console.error("labs: a notification:", error)),
  );
}

async function sendChannel(channel: Claimed, now = new Date()): Promise<void> {
  const ids = channel.pending.map((notification) => notification.id);
  const quiet = quietUntil(now, quietHoursOf(channel.quiet_hours));
  if (quiet) {
    await db().$transaction([
      db().notification.updateMany({
        where: { channelId: channel.id, status: "pending", notBefore: { lt: quiet } },
        data: { notBefore: quiet },
      }),
      db().notifyChannel.update({ where: { id: channel.id }, data: { lockedUntil: null } }),
    ]);
    return;
  }
  const events = channel.pending.flatMap(({ event }) => (event ? [{ ...event, id: BigInt(event.id) }] : []));
  if (events.length === 0) {
    // Their events were pruned (EVENTS_KEEP_DAYS) before they could go.
    await db().$transaction([
      db().notification.updateMany({ where: { id: { in: ids } }, data: { status: "failed" } }),
      db().notifyChannel.update({ where: { id: channel.id }, data: { lockedUntil: null } }),
    ]);
    return;
  }
  const attempt = await sendNow(channel, composeMessage(events, localeOf(channel.locale)));
  if (attempt.gone) {
    await db().notifyChannel.deleteMany({ where: { id: channel.id } });
    return;
  }
  if (attempt.ok) {
    recordSent({ channelId: channel.id, notificationIds: ids, sentAt: now });
    return;
  }
  const attempts = Math.max(...channel.pending.map((notification) => notification.attempts)) + 1;
  const oldest = Math.min(...channel.pending.map((notification) => Date.parse(notification.created_at)));
  const givesUp = now.getTime() - oldest >= GIVE_UP_AFTER_MS;
  await db().$transaction([
    db().notification.updateMany({
      where: { id: { in: ids } },
      data: givesUp
        ? { status: "failed", attempts }
        : { attempts, notBefore: new Date(now.getTime() + retryDelayMs(attempts)) },
    }),
    db().notifyChannel.updateMany({ where: { id: channel.id, failingSince: null }, data: { failingSince: now } }),
    db().notifyChannel.update({ where: { id: channel.id }, data: { lockedUntil: null, lastError: attempt.error } }),
  ]);
}

type Sent = { channelId: string; notificationIds: number[]; sentAt: Date };

/** Messages sent and not yet written, and the write under way (as the webhooks' successes). */
let sent: Sent[] = [];
let writing: Promise<void> | null = null;
/** How long a sent message waits for others to be written with it. */
const WRITE_AFTER_MS = 20;

/**
 * Writes a sent message with the others of the next few milliseconds, in one
 * statement. The channel stays claimed until then (its batch window runs
 * from the send); a crash before it sends the message again once the claim
 * ends: at least once.
 */
function recordSent(entry: Sent): void {
  sent.push(entry);
  writing ??= new Promise((resolve) => setTimeout(resolve, WRITE_AFTER_MS)).then(writeSent);
}

async function writeSent(): Promise<void> {
  const batch = sent;
  sent = [];
  try {
    if (batch.length === 0) return;
    const notifications = batch.flatMap((entry) => entry.notificationIds.map((id) => ({ id, at: entry.sentAt })));
    await db().$executeRaw`
      SELECT record_notifications_sent(
        p_channels => ${batch.map((s) => s.channelId)}::text[],
        p_channels_sent_at => ${batch.map((s) => s.sentAt)}::timestamptz[],
        p_notifications => ${notifications.map((n) => n.id)}::int[],
        p_notifications_sent_at => ${notifications.map((n) => n.at)}::timestamptz[])`;
  } catch (error) {
    console.error("labs: could not record sent notifications:", error);
  } finally {
    writing = null;
    if (sent.length > 0) writing = new Promise((resolve) => setTimeout(resolve, WRITE_AFTER_MS)).then(writeSent);
  }
}

/** Private addresses for a channel: WEB_PUSH_ALLOW_PRIVATE, or an ntfy server the operator named (a LAN's own). */
export function allowsPrivate(kind: string, origin: string): boolean {
  return env().WEB_PUSH_ALLOW_PRIVATE || (kind === "ntfy" && origin === "operator");
}

function localeOf(value: string): Locale {
  return isLocale(value) ? value : "pt-PT";
}

export type SendAttempt = { ok: boolean; gone: boolean; status: number | null; error: string | null };

/** One message to one channel, now: a push through its push service, or a POST to the ntfy topic. */
export async function sendNow(channel: Channel, message: NotifyMessage): Promise<SendAttempt> {
  const allowPrivate = allowsPrivate(channel.kind, channel.origin);
  try {
    const request = channel.kind === "push" ? pushRequest(channel, message) : ntfyRequest(channel, message);
    const answer = await postOutbound(request.url, {
      headers: request.headers,
      body: request.body,
      timeoutMs: env().NOTIFY_TIMEOUT_MS,
      allowPrivate,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    const gone = channel.kind === "push" && (answer.status === 404 || answer.status === 410);
    const error = ok
      ? null
      : `answered ${answer.status}${answer.status >= 300 && answer.status < 400 ? ", a redirect, which is not followed" : ""}${answer.text ? `: ${answer.text.slice(0, 200)}` : ""}`;
    return { ok, gone, status: answer.status, error };
  } catch (error) {
    return { ok: false, gone: false, status: null, error: (error as Error).message.slice(0, 500) };
  }
}

type OutboundRequest = { url: string; headers: Record<string, string>; body: Buffer | string };

/** The push as web-push encrypts it (RFC 8291), signed with VAPID (RFC 8292); sent by postOutbound, which guards the address. */
function pushRequest(channel: Channel, message: NotifyMessage): OutboundRequest {
  const details = webpush.generateRequestDetails(
    { endpoint: channel.endpoint, keys: { p256dh: channel.p256dh ?? "", auth: channel.auth ?? "" } },
    JSON.stringify({
      title: message.title,
      body: message.body,
      url: message.url,
      tag: message.tag,
      count: message.count,
      lang: channel.locale,
    }),
    {
      headers: { Authorization: vapidAuthorization(new URL(channel.endpoint).origin) },
      TTL: PUSH_TTL_SECONDS,
      urgency: message.priority >= 4 ? "high" : "normal",
    },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  return { url: details.endpoint, headers, body: details.body ?? "" };
}

/** How long a VAPID signature is valid (at most 24 hours, RFC 8292), and how long before its end a new one is made. */
const VAPID_VALID_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_SECONDS = 60 * 60;
const vapidSignatures = new Map<string, { authorization: string; expiresAt: number }>();

/**
 * The VAPID Authorization header for a push service: signed once per service
 * and reused until an hour before it ends. A signature names the service,
 * not the phone, and signing one for every push cost a third of a push's
 * time on the server's thread.
 */
function vapidAuthorization(audience: string, now = Date.now()): string {
  const keys = vapidKeys();
  const key = `${keys.publicKey} ${audience}`;
  const kept = vapidSignatures.get(key);
  if (kept && kept.expiresAt - VAPID_RENEW_SECONDS * 1000 > now) return kept.authorization;
  const expiresAt = Math.floor(now / 1000) + VAPID_VALID_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    keys.subject,
    keys.publicKey,
    keys.privateKey,
    "aes128gcm",
    expiresAt,
  );
  vapidSignatures.set(key, { authorization: Authorization, expiresAt: expiresAt * 1000 });
  return Authorization;
}

/** A header value as ntfy reads it: as is when ASCII, else an RFC 2047 encoded word. */
function ntfyHeader(value: string): string {
  const clean = value.replace(/[\r\n]+/g, " ");
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, "utf8").toString("base64")}?=`;
}

/** ntfy's publish: the body is the message; Title, Tags, Priority and Click are headers. */
function ntfyRequest(channel: Channel, message: NotifyMessage): OutboundRequest {
  const headers: Record<string, string> = {
    "content-type": "text/plain; charset=utf-8",
    "user-agent": "Labs-Notifications/1",
    title: ntfyHeader(message.title),
    tags: message.ntfyTags,
    priority: String(message.priority),
    click: new URL(message.url, channel.baseUrl).href,
  };
  if (channel.token) headers.authorization = `Bearer ${channel.token}`;
  return { url: channel.endpoint, headers, body: message.body || message.title };
}
