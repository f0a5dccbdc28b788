import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { countPerService } from "@/lib/labs/service-counts";

export const metadata: Metadata = { title: "Research" };

export default async function ResearchPage() {
  await requireOperatorPage("/base-research/");
  const { research } = await countPerService();
  return (
    <>
      <PageHeader title="Research">Prices observed across shops, and notes for the agent.</PageHeader>
      <Card title="Tracker">
        <div className="grid grid-cols-3 gap-2">
          <Stat label="Items" value={research.items} />
          <Stat label="Observations" value={research.observations} />
          <Stat label="Notes" value={research.notes} />
        </div>
      </Card>
    </>
  );
}
