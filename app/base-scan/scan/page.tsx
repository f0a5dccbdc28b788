import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Scanner" };

export default function ScannerPage() {
  return <PageHeader title="Scanner">Coming in issue 3.</PageHeader>;
}
