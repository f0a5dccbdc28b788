"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState } from "react";
import { useLocalSetting } from "@/components/scan/use-browser";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Time } from "@/components/ui/time";
import { useAction } from "@/components/ui/use-action";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { EVENT_TYPES, type EventType } from "@/lib/events/schemas";
import { api, FetchError } from "@/lib/http/client-api";
import { createNtfyBody, type ChannelJson } from "@/lib/notify/schemas";

// The notifications page (docs/contract.md, "Notifications"): what this phone
// is told about, whose phone it is, push on or off, quiet hours and ntfy
// topics. What it made is remembered on the phone: the push channel's id and
// the ntfy topics' ids are what let it read, test and remove them.

const PUSH_KEY = "labs.notify.push";
const NTFY_KEY = "labs.notify.ntfy";
const TYPES_KEY = "labs.notify.types";
const PERSON_KEY = "labs.notify.person";
const DEFAULT_TYPES: EventType[] = [
  "price.dropped",
  "price.watch_hit",
  "card.expiring",
  "todo.answered",
  "decision.ready",
];

type PushState = "loading" | "unsupported" | "denied" | "off" | "on";

/** Each type's label in labs.notifications.types (a catalogue key may not hold a dot). */
const TYPE_LABELS = {
  "price.dropped": "price_dropped",
  "price.watch_hit": "price_watch_hit",
  "card.expiring": "card_expiring",
  "todo.created": "todo_created",
  "todo.answered": "todo_answered",
  "todo.claim_expired": "todo_claim_expired",
  "decision.ready": "decision_ready",
  "note.created": "note_created",
  "backup.failed": "backup_failed",
  "webhook.disabled": "webhook_disabled",
} as const satisfies Record<EventType, string>;

function readList(value: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function NotificationSettings({
  people,
  quietHours,
  householdQuietHours,
}: {
  people: string[];
  /** Each person's own quiet hours, by name, where set. */
  quietHours: Record<string, string>;
  householdQuietHours: string;
}) {
  const t = useTranslations("labs.notifications");
  const locale = useLocale();
  const [storedTypes, setStoredTypes] = useLocalSetting(TYPES_KEY);
  const [storedPerson, setStoredPerson] = useLocalSetting(PERSON_KEY);
  const types = storedTypes === null ? DEFAULT_TYPES : (readList(storedTypes) as EventType[]);
  const person = storedPerson ?? "";
  const choices = { types, person: person.trim() || undefined, locale };
  const personId = useId();

  const toggle = (type: EventType, on: boolean) => {
    const next = EVENT_TYPES.filter((each) => (each === type ? on : types.includes(each)));
    setStoredTypes(JSON.stringify(next));
  };

  return (
    <div className="space-y-4">
      <PushCard choices={choices} />
      <Card title={t("types.legend")}>
        <fieldset className="space-y-3">
          <legend className="sr-only">{t("types.legend")}</legend>
          <ul className="grid gap-1 sm:grid-cols-2">
            {EVENT_TYPES.map((type) => (
              <li key={type}>
                <label className="flex min-h-11 items-center gap-3 rounded-lg px-1 text-fg">
                  <input
                    type="checkbox"
                    className="size-5 accent-accent"
                    checked={types.includes(type)}
                    onChange={(event) => toggle(type, event.target.checked)}
                  />
                  {t(`types.${TYPE_LABELS[type]}`)}
                </label>
              </li>
            ))}
          </ul>
          <FormField label={t("person.label")} id={personId} hint={t("person.hint")}>
            {(control) => (
              <>
                <Input
                  {...control}
                  list={`${personId}-people`}
                  maxLength={120}
                  autoComplete="off"
                  placeholder={t("person.placeholder")}
                  value={person}
                  onChange={(event) => setStoredPerson(event.target.value)}
                />
                <datalist id={`${personId}-people`}>
                  {people.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              </>
            )}
          </FormField>
        </fieldset>
      </Card>
      <QuietHoursCard person={person.trim()} stored={quietHours} householdQuietHours={householdQuietHours} />
      <NtfyCard choices={choices} />
    </div>
  );
}

type Choices = { types: EventType[]; person?: string; locale: string };

function PushCard({ choices }: { choices: Choices }) {
  const t = useTranslations("labs.notifications.push");
  const [channelId, setChannelId] = useLocalSetting(PUSH_KEY);
  const [state, setState] = useState<PushState>("loading");
  const [channel, setChannel] = useState<ChannelJson | null>(null);
  const { busy, notice: message, run: act } = useAction((message) => t("failed", { message }));

  const registration = useCallback(async () => {
    const found = await navigator.serviceWorker.getRegistration("/base-scan/");
    return found ?? navigator.serviceWorker.ready;
  }, []);

  useEffect(() => {
    let gone = false;
    void (async () => {
      if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) {
        return setState("unsupported");
      }
      if (Notification.permission === "denied") return setState("denied");
      // Not registered yet (a first visit): nothing can be subscribed, so it is off until asked.
      const registered = await navigator.serviceWorker.getRegistration("/base-scan/");
      const subscription = registered ? await registered.pushManager.getSubscription() : null;
      if (gone) return;
      if (!subscription || !channelId) return setState("off");
      try {
        const { channel } = await api<{ channel: ChannelJson }>(`/labs/api/notify/channels/${channelId}`);
        if (!gone) {
          setChannel(channel);
          setState("on");
        }
      } catch (error) {
        // The server no longer has it (removed by the operator, or the push service said it was gone).
        if (!gone && error instanceof FetchError && error.status === 404) {
          setChannelId(null);
          setState("off");
        }
      }
    })();
    return () => {
      gone = true;
    };
  }, [channelId, registration, setChannelId]);

  const subscribe = () =>
    act(async () => {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "off");
        return null;
      }
      const { key } = await api<{ key: string }>("/labs/api/push/public-key");
      const push = (await registration()).pushManager;
      const subscription =
        (await push.getSubscription()) ?? (await push.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      const made = await api<{ id: string }>("/labs/api/push/subscriptions", {
        method: "POST",
        json: { subscription: subscription.toJSON(), ...choices },
      });
      setChannelId(made.id);
      return t("saved");
    });

  const unsubscribe = () =>
    act(async () => {
      const subscription = await (await registration()).pushManager.getSubscription();
      await subscription?.unsubscribe();
      if (channelId) {
        await api(`/labs/api/push/subscriptions/${channelId}`, { method: "DELETE" }).catch((error: unknown) => {
          if (!(error instanceof FetchError && error.status === 404)) throw error;
        });
      }
      setChannelId(null);
      setChannel(null);
      setState("off");
      return null;
    });

  const test = () =>
    act(async () => {
      const sent = await api<{ delivered: boolean; error: string | null }>(
        `/labs/api/notify/channels/${channelId}/test`,
        { method: "POST" },
      );
      if (!sent.delivered) throw new Error(t("testFailed", { error: sent.error ?? "" }));
      return t("testSent");
    });

  return (
    <Card title={t("title")}>
      <div className="space-y-3" aria-busy={state === "loading"}>
        {state === "loading" ? <p className="text-muted">{t("checking")}</p> : null}
        {state === "unsupported" ? <Notice tone="warn">{t("unsupported")}</Notice> : null}
        {state === "denied" ? <Notice tone="warn">{t("denied")}</Notice> : null}
        {state === "off" ? <p className="text-fg">{t("off")}</p> : null}
        {state === "on" ? (
          <p className="text-fg">
            {t("on")}{" "}
            {channel?.pending && channel.held_until
              ? t.rich("pending", {
                  count: channel.pending,
                  time: () => <Time iso={channel.held_until!} style="time" />,
                })
              : null}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {state === "off" ? (
            <Button onClick={() => void subscribe()} disabled={busy || choices.types.length === 0}>
              {busy ? t("turningOn") : t("turnOn")}
            </Button>
          ) : null}
          {state === "on" ? (
            <>
              <Button onClick={() => void subscribe()} disabled={busy || choices.types.length === 0}>
                {t("save")}
              </Button>
              <Button kind="secondary" onClick={() => void test()} disabled={busy}>
                {busy ? t("testing") : t("test")}
              </Button>
              <Button kind="secondary" onClick={() => void unsubscribe()} disabled={busy}>
                {t("turnOff")}
              </Button>
            </>
          ) : null}
        </div>
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      </div>
    </Card>
  );
}

function QuietHoursCard({
  person,
  stored,
  householdQuietHours,
}: {
  person: string;
  stored: Record<string, string>;
  householdQuietHours: string;
}) {
  const t = useTranslations("labs.notifications.quiet");
  const id = useId();
  const own = person ? stored[person] : undefined;
  const [from, setFrom] = useState((own ?? householdQuietHours).split("-")[0] || "22:00");
  const [to, setTo] = useState((own ?? householdQuietHours).split("-")[1] || "08:00");
  const [none, setNone] = useState(own === "");
  const { busy, notice: message, run } = useAction();

  const save = () =>
    run(async () => {
      await api("/labs/api/notify/quiet-hours", {
        method: "PUT",
        json: { person, quiet_hours: none ? "" : `${from}-${to}` },
      });
      return t("saved");
    });

  return (
    <Card title={t("title")}>
      <div className="space-y-3">
        <p className="text-sm text-muted">{t("intro")}</p>
        {person ? (
          <>
            <div className="flex flex-wrap gap-3">
              <FormField label={t("from")} id={`${id}-from`}>
                {(control) => (
                  <Input
                    {...control}
                    type="time"
                    value={from}
                    disabled={none}
                    onChange={(e) => setFrom(e.target.value)}
                  />
                )}
              </FormField>
              <FormField label={t("to")} id={`${id}-to`}>
                {(control) => (
                  <Input {...control} type="time" value={to} disabled={none} onChange={(e) => setTo(e.target.value)} />
                )}
              </FormField>
            </div>
            <label className="flex min-h-11 items-center gap-3 text-fg">
              <input
                type="checkbox"
                className="size-5 accent-accent"
                checked={none}
                onChange={(event) => setNone(event.target.checked)}
              />
              {t("none")}
            </label>
            <Button kind="secondary" onClick={() => void save()} disabled={busy}>
              {busy ? t("saving") : t("save")}
            </Button>
          </>
        ) : (
          <p className="text-fg">{t("needsPerson", { hours: householdQuietHours || t("householdNone") })}</p>
        )}
        {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      </div>
    </Card>
  );
}

const ntfyFields = createNtfyBody.pick({ server: true, topic: true, token: true });

function NtfyCard({ choices }: { choices: Choices }) {
  const t = useTranslations("labs.notifications.ntfy");
  const [stored, setStored] = useLocalSetting(NTFY_KEY);
  const ids = readList(stored);
  const [channels, setChannels] = useState<ChannelJson[]>([]);
  const { notice, setNotice, run } = useAction();
  const form = useApiForm(ntfyFields, { server: "https://ntfy.sh", topic: "", token: "" });
  const sendForm = useSendForm();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const idsKey = ids.join(",");

  useEffect(() => {
    let gone = false;
    void Promise.all(
      idsKey
        .split(",")
        .filter(Boolean)
        .map((id) =>
          api<{ channel: ChannelJson }>(`/labs/api/notify/channels/${id}`).then(
            (answer) => answer.channel,
            () => null,
          ),
        ),
    ).then((found) => {
      if (!gone) setChannels(found.filter((channel): channel is ChannelJson => channel !== null));
    });
    return () => {
      gone = true;
    };
  }, [idsKey]);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const made = (await sendForm(form, "/labs/api/ntfy", { ...values, ...choices })) as { id: string } | undefined;
    if (!made) return;
    setStored(JSON.stringify([...ids.filter((id) => id !== made.id), made.id]));
    reset({ server: values.server, topic: "", token: "" });
    setNotice({ tone: "success", text: t("added") });
  });

  const remove = async (id: string) => {
    await api(`/labs/api/ntfy/${id}`, { method: "DELETE" }).catch(() => undefined);
    setStored(JSON.stringify(ids.filter((each) => each !== id)));
  };

  const test = (id: string) =>
    run(async () => {
      const sent = await api<{ delivered: boolean; error: string | null }>(`/labs/api/notify/channels/${id}/test`, {
        method: "POST",
      });
      if (!sent.delivered) throw new Error(sent.error ?? "");
      return t("sent");
    });

  return (
    <Card title={t("title")}>
      <div className="space-y-3">
        <p className="text-sm text-muted">{t("intro")}</p>
        <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
          <FormField label={t("server")} id="ntfy-server" error={errors.server?.message}>
            {(control) => <Input {...control} type="url" inputMode="url" autoComplete="off" {...register("server")} />}
          </FormField>
          <FormField label={t("topic")} id="ntfy-topic" hint={t("topicHint")} error={errors.topic?.message}>
            {(control) => (
              <Input {...control} autoComplete="off" autoCapitalize="none" spellCheck={false} {...register("topic")} />
            )}
          </FormField>
          <FormField label={t("token")} id="ntfy-token" hint={t("tokenHint")} error={errors.token?.message}>
            {(control) => <Input {...control} type="password" autoComplete="off" {...register("token")} />}
          </FormField>
          <Button type="submit" disabled={isSubmitting || choices.types.length === 0}>
            {isSubmitting ? t("adding") : t("add")}
          </Button>
          <FormError>{errors.root?.server?.message}</FormError>
        </form>
        {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        <h3 className="text-sm font-semibold text-fg">{t("list")}</h3>
        {channels.length === 0 ? (
          <p className="text-sm text-muted">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-line">
            {channels.map((channel) => (
              <li key={channel.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all text-fg">
                  {channel.target}
                  {channel.last_error ? <span className="block text-sm text-danger">{channel.last_error}</span> : null}
                </span>
                <span className="flex gap-2">
                  <Button kind="secondary" onClick={() => void test(channel.id)}>
                    {t("test")}
                  </Button>
                  <Button kind="secondary" onClick={() => void remove(channel.id)}>
                    {t("remove")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
