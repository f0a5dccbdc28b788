import type { Metadata } from "next";
import Link from "next/link";
import { FullCapture } from "@/components/ask/full-capture";
import { QuickCapture } from "@/components/ask/quick-capture";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export const metadata: Metadata = { title: "Ask" };

// Public capture (DESIGN §2): anyone may file a request, bug or idea; the
// queue behind it is the operator's.
export default async function AskPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  await requireHouseholdPage();
  const { sent, page_url } = await searchParams;
  const sentId = typeof sent === "string" && /^\d+$/.test(sent) ? sent : null;
  return (
    <>
      <PageHeader title="Ask">Requests, bugs and ideas, queued by priority.</PageHeader>
      {sentId ? (
        <p
          role="status"
          className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-green-800 ui-d:bg-black ui-d:text-green-300"
        >
          Sent as #{sentId}. Thank you!
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Quick">
          <QuickCapture />
        </Card>
        <Card title="With details">
          <FullCapture defaultPageUrl={typeof page_url === "string" ? page_url : undefined} />
        </Card>
      </div>
      <p className="mt-6 text-sm text-slate-600 ui-d:text-slate-300">
        Operator?{" "}
        <Link href="/base-ask/queue" className="text-brand underline">
          Open the queue
        </Link>
      </p>
    </>
  );
}
