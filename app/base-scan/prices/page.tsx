import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Prices" };

export default function PricesPage() {
  return <PageHeader title="Prices">Coming in issue 3.</PageHeader>;
}
