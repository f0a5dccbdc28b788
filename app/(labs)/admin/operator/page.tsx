import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { AccountsCard } from "@/components/accounts/accounts-card";
import { BackupCard } from "@/components/labs/admin/backup-card";
import { ChannelsCard } from "@/components/labs/admin/channels-card";
import { DevicesCard } from "@/components/labs/admin/devices-card";
import { HealthCard } from "@/components/labs/admin/health-card";
import { KeysCard } from "@/components/labs/admin/keys-card";
import { QueueCard } from "@/components/labs/admin/queue-card";
import { SessionCard } from "@/components/labs/admin/session-card";
import { UsageCard } from "@/components/labs/admin/usage-card";
import { VariantsCard } from "@/components/labs/admin/variants-card";
import { WebhooksCard } from "@/components/labs/admin/webhooks-card";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { idParam } from "@/lib/http/wire";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("labs.admin");
  return { title: t("title") };
}

// The operator's admin page: one server component per card, each loading its
// own data (components/labs/admin/), rendered side by side in one pass.
export default async function OperatorPage({ searchParams }: { searchParams: Promise<{ key?: string | string[] }> }) {
  await requireOperatorPage("/admin/operator");
  const t = await getTranslations("labs.admin");
  const keyFilter = idParam.safeParse((await searchParams).key);
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <div className="grid gap-4 md:grid-cols-2 ui-b:gap-2">
        <HealthCard />
        <QueueCard />
        <Wide>
          <KeysCard />
        </Wide>
        <Wide>
          <UsageCard keyId={keyFilter.success ? keyFilter.data : undefined} />
        </Wide>
        <Wide>
          <VariantsCard />
        </Wide>
        <Wide>
          <AccountsCard />
        </Wide>
        <DevicesCard />
        <WebhooksCard />
        <ChannelsCard />
        <BackupCard />
        <SessionCard />
      </div>
    </>
  );
}

/** A card across both columns on a wide screen. */
function Wide({ children }: { children: ReactNode }) {
  return <div className="min-w-0 md:col-span-2">{children}</div>;
}
