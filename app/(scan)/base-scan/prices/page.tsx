import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PriceBoard } from "@/components/scan/price-board";
import { PageHeader } from "@/components/ui/page-header";
import { listPrices } from "@/lib/scan/prices";
import { findProduct } from "@/lib/scan/products";
import { listPricesQuery, productCode } from "@/lib/scan/schemas";
import { listStores } from "@/lib/scan/stores";
import { requestVariant } from "@/lib/labs/request-variant";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scan.prices");
  return { title: t("title") };
}

type Props = { searchParams: Promise<{ code?: string | string[]; cursor?: string | string[] }> };

export default async function PricesPage({ searchParams }: Props) {
  await requireHouseholdPage();
  const t = await getTranslations("scan.prices");
  const { prefix } = await requestVariant();
  const { code, cursor: asked } = await searchParams;
  const wanted = productCode.safeParse(code);
  // One page of latest prices (the API's default page), `?cursor=` for the
  // next; a stale or mangled cursor shows the first page.
  const cursor = typeof asked === "string" ? listPricesQuery.shape.cursor.safeParse(asked) : null;
  const [{ prices, next }, { stores }, product] = await Promise.all([
    listPrices({ cursor: cursor?.success ? cursor.data : undefined }),
    listStores(),
    wanted.success ? findProduct({ code: wanted.data }) : null,
  ]);
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <PriceBoard
        initialLatest={prices}
        latestPage={{ cursor: cursor?.success && typeof asked === "string" ? asked : null, next }}
        prefix={prefix}
        stores={stores}
        initialProduct={
          product ? { code: product.code, name: [product.name, product.brand].filter(Boolean).join(" · ") } : null
        }
      />
    </>
  );
}
