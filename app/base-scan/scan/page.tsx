import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ScannerView } from "@/components/scan/scanner-view";
import { PageHeader } from "@/components/ui/page-header";
import { requestVariant } from "@/lib/labs/request-variant";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scan.scanner");
  return { title: t("title") };
}

export default async function ScannerPage() {
  await requireHouseholdPage();
  const t = await getTranslations("scan.scanner");
  const { prefix } = await requestVariant();
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <ScannerView prefix={prefix} />
    </>
  );
}
