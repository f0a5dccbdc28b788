import { createTranslator } from "use-intl/core";
import { excerpt } from "@/lib/text/excerpt";
import type { EventType } from "@/lib/events/schemas";
import type { Locale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/i18n/format";
import { messagesFor, type Messages } from "@/lib/i18n/messages";

// What a push or an ntfy message says (docs/decisions/024-notifications.md):
// one event as itself, several gathered as one message ("7 prices dropped")
// that opens a list. Written in the channel's language from the event's own
// data, and only from the fields named here: no card number, NIF or invoice
// detail ever reaches a push service or an ntfy server.

export type NotifyEvent = { id: bigint; type: string; subject: unknown; data: unknown };

export type NotifyMessage = {
  title: string;
  body: string;
  /** A path on this server: the page the message opens. */
  url: string;
  /** Replaces an earlier notification with the same tag on the phone. */
  tag: string;
  /** ntfy: an emoji short code and how loud (1–5). */
  ntfyTags: string;
  priority: number;
  count: number;
};

const BODY_MAX = 160;
/** How many names a gathered message lists. */
const LISTED = 3;

type MessageKey = keyof Messages["labs"]["notify"]["push"];

const MESSAGE_KEYS: Record<EventType, MessageKey> = {
  "price.dropped": "priceDropped",
  "price.watch_hit": "priceWatchHit",
  "card.expiring": "cardExpiring",
  "todo.created": "todoCreated",
  "todo.answered": "todoAnswered",
  "todo.claim_expired": "todoClaimExpired",
  "decision.ready": "decisionReady",
  "note.created": "noteCreated",
  "backup.failed": "backupFailed",
  "webhook.disabled": "webhookDisabled",
};

const NTFY_TAGS: Record<EventType, string> = {
  "price.dropped": "chart_with_downwards_trend",
  "price.watch_hit": "eyes",
  "card.expiring": "hourglass",
  "todo.created": "inbox_tray",
  "todo.answered": "speech_balloon",
  "todo.claim_expired": "alarm_clock",
  "decision.ready": "raised_hand",
  "note.created": "memo",
  "backup.failed": "warning",
  "webhook.disabled": "warning",
};

/** Where a gathered message of one type opens. */
const LIST_URLS: Record<EventType, string> = {
  "price.dropped": "/",
  "price.watch_hit": "/",
  "card.expiring": "/base-scan/",
  "todo.created": "/base-ask/queue",
  "todo.answered": "/base-ask/queue",
  "todo.claim_expired": "/base-ask/queue",
  "decision.ready": "/base-ask/queue",
  "note.created": "/base-research/",
  "backup.failed": "/admin/operator",
  "webhook.disabled": "/admin/operator",
};

const PRIORITIES: Partial<Record<EventType, number>> = {
  "decision.ready": 4,
  "backup.failed": 4,
  "card.expiring": 4,
};

function isEventType(type: string): type is EventType {
  return type in MESSAGE_KEYS;
}

type Fields = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

function money(value: unknown, currency: unknown, locale: Locale): string {
  return formatMoney(locale, text(value), text(currency) || "EUR");
}

/** The name a person knows the event by: the item, product, store or the text. */
function nameOf(type: EventType, data: Fields): string {
  switch (type) {
    case "price.dropped":
    case "price.watch_hit":
      return text(data.item_name) || text(data.product_name) || text(data.code);
    case "card.expiring":
      return text(data.store_name);
    case "note.created":
      return excerpt(text(data.content), 60);
    case "webhook.disabled":
      return text(data.url);
    default:
      return excerpt(text(data.text), 60);
  }
}

type Namespace = "labs.notify.push" | "labs.notify.batch" | "labs.notify.test";
const translators = new Map<string, ReturnType<typeof createTranslator<Messages, Namespace>>>();

/**
 * A translator made once per language and namespace: each keeps the message
 * formats it has parsed, where a new one for every push parsed them again
 * (a thousand phones, a thousand times).
 */
function translator(locale: Locale, namespace: Namespace) {
  const key = `${locale} ${namespace}`;
  let t = translators.get(key);
  if (!t) {
    t = createTranslator({ locale, messages: messagesFor(locale), namespace });
    translators.set(key, t);
  }
  return t;
}

function oneEvent(event: NotifyEvent, type: EventType, locale: Locale): NotifyMessage {
  const t = translator(locale, "labs.notify.push");
  const data = (event.data ?? {}) as Fields;
  const subject = (event.subject ?? {}) as Fields;
  const key = MESSAGE_KEYS[type];
  const values = {
    name: nameOf(type, data),
    store: text(data.store_name),
    days: Number(data.days ?? 0),
    where: text(data.store_name) || text(data.source),
    old: money(data.old_price, data.currency, locale),
    new: money(data.new_price, data.currency, locale),
    price: money(data.price ?? data.new_price, data.currency, locale),
    text: excerpt(
      text(data.response) || text(data.text) || text(data.content) || text(data.reason) || text(data.url),
      BODY_MAX,
    ),
  };
  return {
    title: t(`${key}.title`, values),
    body: excerpt(t(`${key}.body`, values), BODY_MAX),
    url: typeof subject.url === "string" && subject.url.startsWith("/") ? subject.url : "/",
    tag: `${type}:${String(subject.kind ?? "")}:${String(subject.id ?? event.id)}`,
    ntfyTags: NTFY_TAGS[type],
    priority: PRIORITIES[type] ?? 3,
    count: 1,
  };
}

function gathered(events: NotifyEvent[], locale: Locale): NotifyMessage {
  const t = translator(locale, "labs.notify.batch");
  const types = [...new Set(events.map((event) => event.type))].filter(isEventType);
  const only = types.length === 1 ? types[0]! : null;
  const names = [
    ...new Set(events.filter((e) => isEventType(e.type)).map((e) => nameOf(e.type as EventType, e.data as Fields))),
  ].filter(Boolean);
  const listed = names.slice(0, LISTED).join(", ");
  const more = names.length > LISTED ? ` ${t("more", { count: names.length - LISTED })}` : "";
  return {
    title: only ? t(MESSAGE_KEYS[only], { count: events.length }) : t("mixed", { count: events.length }),
    body: excerpt(`${listed}${more}`, BODY_MAX),
    url: only ? LIST_URLS[only] : "/",
    tag: `batch:${only ?? "mixed"}`,
    ntfyTags: only ? NTFY_TAGS[only] : "bell",
    priority: Math.max(...types.map((type) => PRIORITIES[type] ?? 3), 3),
    count: events.length,
  };
}

/** The message for what a channel has waiting, oldest first: one event, or several gathered. */
export function composeMessage(events: NotifyEvent[], locale: Locale): NotifyMessage {
  const known = events.filter((event) => isEventType(event.type));
  if (known.length === 1) return oneEvent(known[0]!, known[0]!.type as EventType, locale);
  return gathered(known, locale);
}

/** The message of "send a test". */
export function testMessage(locale: Locale): NotifyMessage {
  const t = translator(locale, "labs.notify.test");
  return {
    title: t("title"),
    body: t("body"),
    url: "/",
    tag: "test",
    ntfyTags: "white_check_mark",
    priority: 3,
    count: 1,
  };
}
