import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { countPerService } from "@/lib/labs/service-counts";

export const metadata: Metadata = { title: "Admin" };

export default async function OperatorPage() {
  await requireOperatorPage("/admin/operator");
  const counts = await countPerService();
  return (
    <>
      <PageHeader title="Admin">Operator tools: the queue, tips, API keys and variants.</PageHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Overview">
          <div className="grid grid-cols-3 gap-2">
            <Stat label="Pending asks" value={counts.ask.pending} />
            <Stat label="API keys" value={counts.labs.api_keys} />
            <Stat label="Observations" value={counts.research.observations} />
          </div>
        </Card>
        <Card title="Session">
          <form method="post" action="/admin/logout">
            <button
              type="submit"
              className="rounded-lg bg-slate-800 px-4 py-2 font-medium text-white hover:bg-slate-700 ui-d:bg-white ui-d:text-black"
            >
              Log out
            </button>
          </form>
        </Card>
      </div>
    </>
  );
}
