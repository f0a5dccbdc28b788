import type { Metadata } from "next";
import { ProductBrowser } from "@/components/scan/product-browser";
import { PageHeader } from "@/components/ui/page-header";
import { requestVariant } from "@/lib/labs/request-variant";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export const metadata: Metadata = { title: "Products" };

export default async function ProductsPage() {
  await requireHouseholdPage();
  const { prefix } = await requestVariant();
  return (
    <>
      <PageHeader title="Products">Find a product by name, brand or barcode; add one that has no barcode.</PageHeader>
      <ProductBrowser prefix={prefix} />
    </>
  );
}
