import type { Metadata } from "next";
import { ScannerView } from "@/components/scan/scanner-view";
import { PageHeader } from "@/components/ui/page-header";
import { requestVariant } from "@/lib/labs/request-variant";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export const metadata: Metadata = { title: "Scanner" };

export default async function ScannerPage() {
  await requireHouseholdPage();
  const { prefix } = await requestVariant();
  return (
    <>
      <PageHeader title="Scanner">Product barcodes, invoice QR codes and loyalty cards.</PageHeader>
      <ScannerView prefix={prefix} />
    </>
  );
}
