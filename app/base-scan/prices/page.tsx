import type { Metadata } from "next";
import { PriceBoard } from "@/components/scan/price-board";
import { PageHeader } from "@/components/ui/page-header";
import { listPrices } from "@/lib/scan/prices";
import { findProduct } from "@/lib/scan/products";
import { productCode } from "@/lib/scan/schemas";
import { listStores } from "@/lib/scan/stores";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export const metadata: Metadata = { title: "Prices" };

export default async function PricesPage({ searchParams }: { searchParams: Promise<{ code?: string | string[] }> }) {
  await requireHouseholdPage();
  const { code } = await searchParams;
  const wanted = productCode.safeParse(code);
  const [{ prices }, stores, product] = await Promise.all([
    listPrices({}),
    listStores(),
    wanted.success ? findProduct({ code: wanted.data }) : null,
  ]);
  return (
    <>
      <PageHeader title="Prices">What a product costs in each store, cheapest first.</PageHeader>
      <PriceBoard
        initialLatest={prices}
        stores={stores}
        initialProduct={
          product ? { code: product.code, name: [product.name, product.brand].filter(Boolean).join(" · ") } : null
        }
      />
    </>
  );
}
