import { getTranslations } from "next-intl/server";
import { NotifyChannels } from "@/components/labs/notify-channels";
import { Card } from "@/components/ui/card";
import { listChannels } from "@/lib/notify/manage-channels";

/** The admin page's notification channels (ntfy, email). */
export async function ChannelsCard() {
  const [channels, t] = await Promise.all([listChannels(), getTranslations("labs.admin")]);
  return (
    <Card title={t("channels.title")}>
      <p className="mb-3 text-sm text-muted">{t("channels.intro")}</p>
      <NotifyChannels channels={channels} />
    </Card>
  );
}
