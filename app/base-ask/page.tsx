import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { countPerService } from "@/lib/labs/service-counts";

export const metadata: Metadata = { title: "Ask" };

export default async function AskPage() {
  const { ask } = await countPerService();
  return (
    <>
      <PageHeader title="Ask">Requests, bugs and ideas, queued by priority.</PageHeader>
      <Card title="Queue">
        <div className="grid grid-cols-2 gap-2">
          <Stat label="Pending" value={ask.pending} />
          <Stat label="All asks" value={ask.todos} />
        </div>
      </Card>
    </>
  );
}
