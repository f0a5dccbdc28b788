import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProductBrowser } from "@/components/scan/product-browser";
import { PageHeader } from "@/components/ui/page-header";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scan.products");
  return { title: t("title") };
}

export default async function ProductsPage() {
  await requireHouseholdPage();
  const t = await getTranslations("scan.products");
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <ProductBrowser />
    </>
  );
}
