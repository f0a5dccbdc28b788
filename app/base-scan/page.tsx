import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { countPerService } from "@/lib/labs/service-counts";

export const metadata: Metadata = { title: "Scan" };

export default async function ScanPage() {
  const { scan } = await countPerService();
  return (
    <>
      <PageHeader title="Scan">Loyalty cards to show at the till, product barcodes and invoices.</PageHeader>
      <Card title="Wallet">
        <div className="grid grid-cols-3 gap-2">
          <Stat label="Cards" value={scan.cards} />
          <Stat label="Stores" value={scan.stores} />
          <Stat label="Scans" value={scan.scans} />
        </div>
      </Card>
    </>
  );
}
