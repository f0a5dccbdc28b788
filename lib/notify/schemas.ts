// The notification API's shapes (docs/contract.md, "Notifications"): web
// push subscriptions and ntfy topics. No server imports: the pages share them.
import { z } from "zod";
import { isoTime } from "@/lib/http/wire";
import { chosenEventTypes } from "@/lib/events/schemas";
import { LOCALES } from "@/lib/i18n/locales";
import { isQuietHours } from "@/lib/notify/quiet-hours";
import { optionalText } from "@/lib/text-input";

/** A base64url key of a push subscription, as PushSubscription.toJSON() gives it, of the length RFC 8291 gives it. */
const subscriptionKey = (bytes: number, description: string) =>
  z
    .string()
    .trim()
    .min(1, "is missing")
    .max(200, "is too long")
    .regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url, as the browser gives it")
    .refine((value) => decodedLength(value) === bytes, `must be ${description}`);

/** How many bytes a base64url text decodes to. */
function decodedLength(value: string): number {
  const bare = value.replace(/=+$/, "");
  return Math.floor((bare.length * 3) / 4);
}

/** Whose channel it is: a person's name, created the first time (as cards' person_name). */
const personName = optionalText(120);

const locale = z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` }).optional();

export const createPushSubscriptionBody = z.object({
  subscription: z.object({
    endpoint: z.string().trim().min(1, "is missing").max(2000, "is too long"),
    keys: z.object({
      p256dh: subscriptionKey(65, "a P-256 public key (65 bytes)"),
      auth: subscriptionKey(16, "an authentication secret (16 bytes)"),
    }),
  }),
  types: chosenEventTypes,
  person: personName,
  locale,
});

export type CreatePushSubscriptionBody = z.infer<typeof createPushSubscriptionBody>;

export const createNtfyBody = z.object({
  server: z.string().trim().min(1, "is missing").max(500, "is too long"),
  topic: z
    .string()
    .trim()
    .min(1, "is missing")
    .max(64, "is too long")
    .regex(/^[-_A-Za-z0-9]+$/, "may hold letters, digits, - and _ only, as ntfy's topics do"),
  token: optionalText(200),
  types: chosenEventTypes,
  person: personName,
  locale,
});

export type CreateNtfyBody = z.infer<typeof createNtfyBody>;

/** A channel's id (nc_ and 22 base64url characters); any other word is simply no channel's: a 404. */
export const channelParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "is not a notification channel's id"),
});

export const createChannelResponse = z.strictObject({ ok: z.literal(true), id: z.string() });
export const deleteChannelResponse = z.strictObject({ ok: z.literal(true), id: z.string() });
export const publicKeyResponse = z.strictObject({
  ok: z.literal(true),
  key: z.string().meta({ description: "The VAPID public key: PushManager.subscribe's applicationServerKey" }),
});

export const channelJson = z.strictObject({
  id: z.string(),
  kind: z.enum(["push", "ntfy"]),
  target: z
    .string()
    .meta({ description: "The push service's host, or the ntfy server with the topic's first letters" }),
  types: z.array(z.string()),
  person: z.string().nullable(),
  locale: z.string(),
  pending: z.number().int(),
  held_until: isoTime
    .nullable()
    .meta({ description: "Quiet hours or the batch window hold what is pending until then" }),
  last_sent_at: isoTime.nullable(),
  last_error: z.string().nullable(),
  created_at: isoTime,
});

export type ChannelJson = z.infer<typeof channelJson>;

export const channelResponse = z.strictObject({ ok: z.literal(true), channel: channelJson });
export const listChannelsResponse = z.strictObject({ ok: z.literal(true), channels: z.array(channelJson) });

export const testChannelResponse = z.strictObject({
  ok: z.literal(true),
  delivered: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const quietHoursBody = z.object({
  person: z.string().trim().min(1, "is missing").max(120, "is too long"),
  quiet_hours: z
    .string()
    .trim()
    .max(11)
    .refine(isQuietHours, "must read HH:MM-HH:MM, or be empty for none")
    .nullable()
    .meta({ description: "HH:MM-HH:MM in Europe/Lisbon; empty for none; null for the default (NOTIFY_QUIET_HOURS)" }),
});

export const quietHoursResponse = z.strictObject({
  ok: z.literal(true),
  person: z.string(),
  quiet_hours: z.string().nullable(),
});
