"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Time } from "@/components/ui/time";
import { api, FetchError } from "@/lib/http/client-api";
import type { ChannelJson } from "@/lib/notify/schemas";

/** The operator's view of every phone and ntfy topic notified, each removable. */
export function NotifyChannels({ channels }: { channels: ChannelJson[] }) {
  const t = useTranslations("labs.admin.channels");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);

  const remove = async (channel: ChannelJson) => {
    setError(null);
    try {
      const path = channel.kind === "push" ? "/labs/api/push/subscriptions" : "/labs/api/ntfy";
      await api(`${path}/${channel.id}`, { method: "DELETE" });
      router.refresh();
    } catch (caught) {
      setError(caught instanceof FetchError ? caught.message : String(caught));
    }
  };

  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul className="divide-y divide-line" aria-label={t("listLabel")}>
        {channels.length === 0 ? <li className="py-2 text-sm text-muted">{t("none")}</li> : null}
        {channels.map((channel) => (
          <li key={channel.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium break-all">
                {channel.kind === "push" ? t("push") : t("ntfy")} · {channel.target}
              </span>
              <span className="block text-xs text-muted">
                {channel.person ?? t("nobody")} · {channel.locale} · {t("types", { count: channel.types.length })}
                {channel.last_sent_at ? (
                  <>
                    {" · "}
                    {t.rich("lastSent", { time: () => <Time iso={channel.last_sent_at!} /> })}
                  </>
                ) : null}
              </span>
              {channel.pending > 0 ? (
                <span className="block text-xs text-muted">{t("pending", { count: channel.pending })}</span>
              ) : null}
              {channel.last_error ? (
                <span className="block text-xs break-words text-danger">{channel.last_error}</span>
              ) : null}
            </span>
            <Button kind="secondary" onClick={() => void remove(channel)}>
              {t("remove")}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
