import type { ReactNode } from "react";
import { ScanTabs } from "@/components/scan/scan-tabs";
import { requestVariant } from "@/lib/labs/request-variant";

export default async function ScanLayout({ children }: { children: ReactNode }) {
  const { prefix } = await requestVariant();
  return (
    <>
      <ScanTabs prefix={prefix} />
      {children}
    </>
  );
}
