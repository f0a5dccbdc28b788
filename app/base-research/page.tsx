import type { Metadata } from "next";
import { ResearchDashboard } from "@/components/research/research-dashboard";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { requestVariant } from "@/lib/labs/request-variant";
import { buildSnapshot } from "@/lib/research/build-snapshot";

export const metadata: Metadata = { title: "Research" };

export default async function ResearchPage() {
  await requireOperatorPage("/base-research/");
  const [snapshot, { prefix }] = await Promise.all([buildSnapshot(), requestVariant()]);
  return (
    <>
      <PageHeader title="Research">Prices the agent observed across shops, and notes for it.</PageHeader>
      <ResearchDashboard initial={snapshot} prefix={prefix} />
    </>
  );
}
