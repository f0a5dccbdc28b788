import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FullCapture } from "@/components/ask/full-capture";
import { QuickCapture } from "@/components/ask/quick-capture";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ask.capture");
  return { title: t("metaTitle") };
}

// Public capture (docs/contract.md, "Paths"): anyone may file a request, bug or idea; the
// queue behind it is the operator's.
export default async function AskPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  await requireHouseholdPage();
  const [{ sent, page_url }, t] = await Promise.all([searchParams, getTranslations("ask")]);
  const sentId = typeof sent === "string" && /^\d{1,10}$/.test(sent) ? Number(sent) : null;
  return (
    <>
      <PageHeader title={t("capture.title")}>{t("capture.intro")}</PageHeader>
      {sentId ? (
        <Notice tone="success" className="mb-4">
          {t("sent", { id: sentId })}
        </Notice>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t("capture.quickTitle")}>
          <QuickCapture />
        </Card>
        <Card title={t("capture.fullTitle")}>
          <FullCapture defaultPageUrl={typeof page_url === "string" ? page_url : undefined} />
        </Card>
      </div>
      <p className="mt-6 text-sm text-muted">
        {t("capture.operator")} <AppLink href="/base-ask/queue">{t("capture.openQueue")}</AppLink>
      </p>
    </>
  );
}
