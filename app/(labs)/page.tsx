import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { QueueNotice } from "@/components/ask/queue-notice";
import { OperatorDashboard } from "@/components/labs/operator-dashboard";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { AppError } from "@/lib/http/errors";
import { isLocale } from "@/lib/i18n/locales";
import { buildDashboard } from "@/lib/labs/build-dashboard";
import { requestVariant } from "@/lib/labs/request-variant";
import { SCAN_SESSION_COOKIE } from "@/lib/scan/scan-session";
import { SESSION_ID_PATTERN } from "@/lib/scan/schemas";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("labs.dashboard");
  return { title: t("metaTitle") };
}

export default async function DashboardPage({ searchParams }: Props) {
  await requireOperatorPage("/");
  const [{ prefix }, { notice }, jar, t, locale] = await Promise.all([
    requestVariant(),
    searchParams,
    cookies(),
    getTranslations("labs.dashboard"),
    getLocale(),
  ]);
  const scanSessionId = jar.get(SCAN_SESSION_COOKIE)?.value;
  const dashboard = await buildDashboard({
    scanSessionId: scanSessionId && SESSION_ID_PATTERN.test(scanSessionId) ? scanSessionId : null,
    locale: isLocale(locale) ? locale : undefined,
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "unavailable") return null;
    throw error;
  });

  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      {/* After a claim or a decision made here (the queue's form posts answer 303 back with it). */}
      <QueueNotice notice={notice} />
      {dashboard ? (
        <OperatorDashboard initial={dashboard} prefix={prefix} />
      ) : (
        <Card title={t("health.title")}>
          <p data-testid="db-health" role="alert" className="font-medium text-danger">
            {t("health.databaseDown")}
          </p>
          <p className="mt-1 text-sm text-muted">
            {t("health.waiting")} <AppLink href="/">{t("health.retry")}</AppLink>
          </p>
        </Card>
      )}
    </>
  );
}
