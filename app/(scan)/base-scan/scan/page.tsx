import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { preload } from "react-dom";
import { ScannerView } from "@/components/scan/scanner-view";
import { PageHeader } from "@/components/ui/page-header";
import { requestVariant } from "@/lib/labs/request-variant";
import { requireHouseholdPage } from "@/lib/auth/household-page";
import { zxingWasmHref } from "@/lib/scan/zxing-wasm-href";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("scan.scanner");
  return { title: t("title") };
}

export default async function ScannerPage() {
  await requireHouseholdPage();
  // The reader's .wasm is fetched alongside the page's scripts rather than
  // after them: where the phone has no BarcodeDetector of its own, it was the
  // last thing the first code waited for. Fetched as zxing
  // fetches it (same-origin credentials), so the browser hands it over.
  const wasm = zxingWasmHref();
  if (wasm) preload(wasm, { as: "fetch", crossOrigin: "anonymous", type: "application/wasm" });
  const t = await getTranslations("scan.scanner");
  const { prefix } = await requestVariant();
  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <ScannerView prefix={prefix} />
    </>
  );
}
