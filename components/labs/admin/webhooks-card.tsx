import { getTranslations } from "next-intl/server";
import { WebhooksManager } from "@/components/labs/webhooks-manager";
import { Card } from "@/components/ui/card";
import { listWebhooks } from "@/lib/webhooks/manage-webhooks";

/** The admin page's signed webhooks. */
export async function WebhooksCard() {
  const [webhooks, t] = await Promise.all([listWebhooks(), getTranslations("labs.admin")]);
  return (
    <Card title={t("webhooks.title")} id="webhooks">
      <p className="mb-3 text-sm text-muted">{t("webhooks.intro")}</p>
      <WebhooksManager webhooks={webhooks} />
    </Card>
  );
}
