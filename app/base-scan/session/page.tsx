import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Session" };

export default function SessionPage() {
  return <PageHeader title="Session">Coming in issue 3.</PageHeader>;
}
