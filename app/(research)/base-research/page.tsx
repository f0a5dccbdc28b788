import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResearchDashboard } from "@/components/research/research-dashboard";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { buildSnapshot } from "@/lib/research/build-snapshot";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("research.dashboard");
  return { title: t("title") };
}

export default async function ResearchPage() {
  await requireOperatorPage("/base-research/");
  const [snapshot, t] = await Promise.all([buildSnapshot(), getTranslations("research.dashboard")]);
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <ResearchDashboard initial={snapshot} />
    </>
  );
}
