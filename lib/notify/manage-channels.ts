import "server-only";
import { randomBytes } from "node:crypto";
import { originLabel, type Origin } from "@/lib/auth/origin";
import { db } from "@/lib/db";
import { latestEventId } from "@/lib/events/list-events";
import { AppError, errorText, fieldError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/locales";
import { upsertPerson } from "@/lib/scan/people";
import { allowsPrivate, heldUntil, sendNow } from "@/lib/notify/deliver-notifications";
import { leadsToRefusedAddress, refuseDestination } from "@/lib/events/outbound";
import type { ChannelJson, CreateNtfyBody, CreatePushSubscriptionBody } from "@/lib/notify/schemas";
import { testMessage } from "@/lib/notify/texts";
import { wakeDeliveryWorker } from "@/lib/events/worker-signal";

// Where a person's notifications go (docs/decisions/024-notifications.md): a
// phone's web push subscription, or an ntfy topic. A channel's id is random:
// whoever holds it (the phone that subscribed) may read, test and delete it;
// the operator sees and deletes them all.

type Made = { origin: Origin; locale: Locale; baseUrl: string };

/**
 * The most channels strangers may make (open mode's pages are anyone's):
 * each is somewhere Labs sends to at every event, so they are not left to
 * grow without end. A household's phones are a handful.
 */
export const ANONYMOUS_CHANNELS_MAX = 100;

async function checkRoom(made: Made): Promise<void> {
  if (made.origin.kind !== "anonymous") return;
  const count = await db().notifyChannel.count({ where: { origin: "anonymous" } });
  if (count >= ANONYMOUS_CHANNELS_MAX) {
    throw new AppError("conflict", errorText("notify.tooManyChannels", { count }));
  }
}

function newChannelId(): string {
  return `nc_${randomBytes(16).toString("base64url")}`;
}

async function checkDestination(field: string, url: string, allowPrivate: boolean): Promise<void> {
  const refused =
    refuseDestination(url, allowPrivate) ?? ((await leadsToRefusedAddress(url, allowPrivate)) ? "notPublic" : null);
  if (refused) throw fieldError("validation_failed", field, errorText(`notify.destinationReasons.${refused}`));
}

async function personId(name: string | undefined): Promise<number | null> {
  return name === undefined ? null : (await upsertPerson({ name })).id;
}

/**
 * Subscribes a phone. The same endpoint again (the page asked twice, or
 * changed its types) updates the channel it already has and keeps its id.
 */
export async function subscribePush(body: CreatePushSubscriptionBody, made: Made): Promise<string> {
  const { endpoint, keys } = body.subscription;
  await checkDestination("subscription.endpoint", endpoint, allowsPrivate("push", originLabel(made.origin)));
  return saveChannel("push", endpoint, { p256dh: keys.p256dh, auth: keys.auth }, body, made);
}

/** Adds an ntfy topic; the topic is a password, so it is never shown back in full. */
export async function addNtfyTopic(body: CreateNtfyBody, made: Made): Promise<string> {
  const server = body.server.replace(/\/+$/, "");
  await checkDestination("server", server, allowsPrivate("ntfy", originLabel(made.origin)));
  return saveChannel("ntfy", `${server}/${body.topic}`, { token: body.token ?? null }, body, made);
}

/**
 * Makes the channel, or updates the one this endpoint already has. A new
 * one starts from now: a new phone is not sent the household's past.
 */
async function saveChannel(
  kind: "push" | "ntfy",
  endpoint: string,
  own: { p256dh?: string; auth?: string; token?: string | null },
  body: { types: string[]; person?: string; locale?: Locale },
  made: Made,
): Promise<string> {
  await checkRoom(made);
  const fields = {
    ...own,
    types: body.types,
    personId: await personId(body.person),
    locale: body.locale ?? made.locale,
    baseUrl: made.baseUrl,
    origin: originLabel(made.origin),
  };
  const channel = await db().notifyChannel.upsert({
    where: { kind_endpoint: { kind, endpoint } },
    update: fields,
    create: { id: newChannelId(), kind, endpoint, ...fields, lastEventId: BigInt(await latestEventId()) },
    select: { id: true },
  });
  return channel.id;
}

export async function deleteChannel(id: string, kind: "push" | "ntfy"): Promise<void> {
  const { count } = await db().notifyChannel.deleteMany({ where: { id, kind } });
  if (count === 0) throw channelNotFound(id);
}

const channelSelect = {
  id: true,
  kind: true,
  endpoint: true,
  types: true,
  locale: true,
  lastSentAt: true,
  lastError: true,
  createdAt: true,
  person: { select: { name: true, quietHours: true } },
  _count: { select: { notifications: { where: { status: "pending" } } } },
} as const;

type ChannelRow = {
  id: string;
  kind: string;
  endpoint: string;
  types: string[];
  locale: string;
  lastSentAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  person: { name: string; quietHours: string | null } | null;
  _count: { notifications: number };
};

/** What a channel is sent to, said without what makes it a secret: a push service's host, a topic's first letters. */
function targetOf(kind: string, endpoint: string): string {
  const url = new URL(endpoint);
  if (kind === "push") return url.host;
  const topic = url.pathname.split("/").pop() ?? "";
  return `${url.host}/${topic.slice(0, 3)}…`;
}

function toChannelJson(row: ChannelRow, now = new Date()): ChannelJson {
  const held = row._count.notifications > 0 ? heldUntil(row, now) : null;
  return {
    id: row.id,
    kind: row.kind === "ntfy" ? "ntfy" : "push",
    target: targetOf(row.kind, row.endpoint),
    types: row.types,
    person: row.person?.name ?? null,
    locale: row.locale,
    pending: row._count.notifications,
    held_until: held?.toISOString() ?? null,
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getChannel(id: string): Promise<ChannelJson> {
  const row = await db().notifyChannel.findUnique({ where: { id }, select: channelSelect });
  if (!row) throw channelNotFound(id);
  return toChannelJson(row);
}

/** Every channel, oldest first: the operator's view. */
export async function listChannels(): Promise<ChannelJson[]> {
  const rows = await db().notifyChannel.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: channelSelect,
  });
  return rows.map((row) => toChannelJson(row));
}

/** Sends "notifications work" now, past quiet hours and the batch window: the person is looking. */
export async function testChannel(
  id: string,
): Promise<{ delivered: boolean; status: number | null; error: string | null }> {
  const channel = await db().notifyChannel.findUnique({ where: { id } });
  if (!channel) throw channelNotFound(id);
  const attempt = await sendNow(channel, testMessage(channel.locale === "en" ? "en" : "pt-PT"));
  // The push service says the phone is gone: as for any other message, so is its channel.
  if (attempt.gone) await db().notifyChannel.deleteMany({ where: { id } });
  return { delivered: attempt.ok, status: attempt.status, error: attempt.error };
}

/** A person's quiet hours: "HH:MM-HH:MM", "" for none, null for NOTIFY_QUIET_HOURS. */
export async function setQuietHours(
  name: string,
  quietHours: string | null,
): Promise<{ name: string; quietHours: string | null }> {
  const person = await upsertPerson({ name });
  const [updated] = await db().$transaction([
    db().person.update({ where: { id: person.id }, data: { quietHours }, select: { name: true, quietHours: true } }),
    // What the old hours held is looked at again under the new ones.
    db().notification.updateMany({
      where: { status: "pending", notBefore: { gt: new Date() }, attempts: 0, channel: { personId: person.id } },
      data: { notBefore: new Date() },
    }),
  ]);
  wakeDeliveryWorker();
  return updated;
}

/** The people with quiet hours of their own, by name: what the notifications page shows them. */
export async function listQuietHours(): Promise<Record<string, string>> {
  const people = await db().person.findMany({
    where: { quietHours: { not: null } },
    select: { name: true, quietHours: true },
    take: 200,
  });
  return Object.fromEntries(people.map((person) => [person.name, person.quietHours ?? ""]));
}

function channelNotFound(id: string): AppError {
  return new AppError("not_found", errorText("notify.channelNotFound", { id }));
}
