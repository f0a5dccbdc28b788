import { cookies } from "next/headers";
import Link from "next/link";
import { OperatorDashboard } from "@/components/labs/operator-dashboard";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { AppError } from "@/lib/http/errors";
import { buildDashboard } from "@/lib/labs/build-dashboard";
import { requestVariant } from "@/lib/labs/request-variant";
import { SCAN_SESSION_COOKIE } from "@/lib/scan/scan-session";
import { SESSION_ID_PATTERN } from "@/lib/scan/schemas";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DashboardPage({ searchParams }: Props) {
  await requireOperatorPage("/");
  const [{ prefix }, { notice }, jar] = await Promise.all([requestVariant(), searchParams, cookies()]);
  const scanSessionId = jar.get(SCAN_SESSION_COOKIE)?.value;
  const dashboard = await buildDashboard({
    scanSessionId: scanSessionId && SESSION_ID_PATTERN.test(scanSessionId) ? scanSessionId : null,
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "unavailable") return null;
    throw error;
  });

  return (
    <>
      <PageHeader title="Labs">What needs your attention across Scan, Ask and Research.</PageHeader>
      {typeof notice === "string" && notice ? (
        // After a claim or a decision made here (the queue's form posts answer 303 back with it).
        <p
          role="status"
          className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 ui-d:bg-black ui-d:text-green-300"
        >
          {notice.slice(0, 200)}
        </p>
      ) : null}
      {dashboard ? (
        <OperatorDashboard initial={dashboard} prefix={prefix} />
      ) : (
        <Card title="Health">
          <p data-testid="db-health" role="alert" className="text-red-700">
            Database: not answering
          </p>
          <p className="mt-1 text-sm text-slate-600 ui-d:text-slate-300">
            Nothing else can be shown until it answers again.{" "}
            <Link href={`${prefix}/`} className="text-brand underline">
              Try again
            </Link>
          </p>
        </Card>
      )}
    </>
  );
}
