import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ScanTabs } from "@/components/scan/scan-tabs";
import { ServiceWorker } from "@/components/scan/service-worker";
import { requestVariant } from "@/lib/labs/request-variant";

// Installable as its own app (public/base-scan/manifest.webmanifest) and
// usable offline through the service worker registered here.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common.nav");
  return {
    manifest: "/base-scan/manifest.webmanifest",
    icons: { apple: "/base-scan/icons/apple-touch-icon.png" },
    appleWebApp: { capable: true, title: t("scan"), statusBarStyle: "default" },
  };
}

export default async function ScanLayout({ children }: { children: ReactNode }) {
  const { prefix } = await requestVariant();
  return (
    <>
      <ServiceWorker />
      <ScanTabs prefix={prefix} />
      {children}
    </>
  );
}
