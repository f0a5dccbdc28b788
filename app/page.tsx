import Link from "next/link";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { pingDatabase } from "@/lib/labs/health";
import { countPerService } from "@/lib/labs/service-counts";

export default async function DashboardPage() {
  await requireOperatorPage("/");
  const [databaseUp, counts] = await Promise.all([pingDatabase(), countPerService().catch(() => null)]);
  return (
    <>
      <PageHeader title="Labs">What needs your attention across Scan, Ask and Research.</PageHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Health">
          <p data-testid="db-health" className={databaseUp ? "text-green-700" : "text-red-700"}>
            Database: {databaseUp ? "ok" : "not answering"}
          </p>
        </Card>
        {counts ? (
          <>
            <Card title="Scan">
              <div className="grid grid-cols-3 gap-2">
                <Stat label="Cards" value={counts.scan.cards} />
                <Stat label="Scans" value={counts.scan.scans} />
                <Stat label="Stores" value={counts.scan.stores} />
              </div>
              <Link className="mt-2 inline-block text-brand underline" href="/base-scan">
                Open Scan
              </Link>
            </Card>
            <Card title="Ask">
              <div className="grid grid-cols-2 gap-2">
                <Stat label="Pending" value={counts.ask.pending} />
                <Stat label="All asks" value={counts.ask.todos} />
              </div>
              <Link className="mt-2 inline-block text-brand underline" href="/base-ask">
                Open Ask
              </Link>
            </Card>
            <Card title="Research">
              <div className="grid grid-cols-3 gap-2">
                <Stat label="Items" value={counts.research.items} />
                <Stat label="Observations" value={counts.research.observations} />
                <Stat label="Notes" value={counts.research.notes} />
              </div>
              <Link className="mt-2 inline-block text-brand underline" href="/base-research">
                Open Research
              </Link>
            </Card>
          </>
        ) : null}
      </div>
    </>
  );
}
