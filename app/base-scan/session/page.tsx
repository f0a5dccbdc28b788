import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { EndSessionButton } from "@/components/scan/end-session-button";
import { documentName, InvoiceAmount } from "@/components/scan/invoice-details";
import { LocalTime } from "@/components/scan/local-time";
import { KIND_LABEL } from "@/components/scan/styles";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { pageHref, PageLinks } from "@/components/ui/page-links";
import { Stat } from "@/components/ui/stat";
import { AppError } from "@/lib/http/errors";
import { requestVariant } from "@/lib/labs/request-variant";
import { formatMoney } from "@/lib/scan/client/format";
import { getScanSessionDetail, SCAN_SESSION_COOKIE } from "@/lib/scan/scan-session";
import { SESSION_ID_PATTERN, sessionDetailQuery, sessionLabel } from "@/lib/scan/schemas";
import { requireHouseholdPage } from "@/lib/auth/household-page";

export const metadata: Metadata = { title: "Session" };

const STATE_LABEL = {
  open: { label: "Open", className: "bg-emerald-100 text-emerald-900" },
  ended: { label: "Ended", className: "bg-slate-200 text-slate-800" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-800" },
} as const;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The caller's scan session (the HttpOnly `scan_sid` cookie, read here), or
 * the one named by `?sid=`: its latest scans (the API's default page), older
 * ones from `?cursor=`.
 */
export default async function SessionPage({ searchParams }: Props) {
  await requireHouseholdPage();
  const { prefix } = await requestVariant();
  const query = await searchParams;
  const asked = validSessionId(query.sid);
  const current = validSessionId((await cookies()).get(SCAN_SESSION_COOKIE)?.value);
  const id = asked ?? current;
  // A stale or mangled cursor shows the latest scans rather than an error.
  const cursor = typeof query.cursor === "string" ? sessionDetailQuery.shape.cursor.safeParse(query.cursor) : null;
  const older = cursor?.success ? cursor.data : undefined;
  const detail = id ? await findSession(id, older) : null;

  if (!detail) {
    return (
      <>
        <PageHeader title="Session">What you scanned on this trip.</PageHeader>
        <Card title="No scan session yet">
          <p className="text-sm text-slate-600 ui-d:text-slate-200">
            Your first scan starts one. A session ends when you end it or after two hours without a scan.
          </p>
          <Link href={`${prefix}/base-scan/scan`} className="mt-3 inline-block font-medium text-brand underline">
            Open the scanner
          </Link>
        </Card>
      </>
    );
  }

  const { session, scans, invoices, totals, store, next } = detail;
  const sessionPage = `${prefix}/base-scan/session`;
  const state = STATE_LABEL[session.state];
  const invoiceByScan = new Map(invoices.map((invoice) => [invoice.scan_id, invoice]));
  return (
    <>
      <PageHeader title="Session">What you scanned on this trip.</PageHeader>
      <div className="space-y-4 ui-b:space-y-2">
        <section
          aria-label="Session summary"
          className="surface space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ui-b:p-2 ui-c:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-mono text-lg font-semibold" data-testid="session-id" data-session-id={session.id}>
              {sessionLabel(session.id)}
            </h2>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.className}`}>{state.label}</span>
          </div>
          <p className="text-sm text-slate-600 ui-d:text-slate-200">
            Started <LocalTime iso={session.started_at} />, last scan <LocalTime iso={session.last_scan_at} />
            {store ? ` · ${store.name}` : ""}
          </p>
          <div className="grid grid-cols-3 gap-2">
            <Stat label="Scans" value={totals.scans} />
            <Stat label="Invoices" value={totals.invoices} />
            <Stat label="Gross total" value={formatMoney(totals.gross_total)} />
          </div>
          {session.state === "open" ? (
            <EndSessionButton sessionId={session.id} prefix={prefix} />
          ) : (
            <Link href={`${prefix}/base-scan/scan`} className="inline-block text-sm font-medium text-brand underline">
              Scan to start a new session
            </Link>
          )}
          {asked && current && asked !== current ? (
            <Link
              href={`${prefix}/base-scan/session`}
              className="inline-block text-sm font-medium text-brand underline"
            >
              Back to your current session
            </Link>
          ) : null}
        </section>

        <section aria-label="Scans">
          <h2 className="mb-1 text-base font-semibold">Scans</h2>
          {older || next ? (
            <p className="mb-2 text-sm text-slate-600 ui-d:text-slate-200" data-testid="session-scans-shown">
              {older
                ? `${scans.length} older ${scans.length === 1 ? "scan" : "scans"} of ${totals.scans}`
                : `The latest ${scans.length} of ${totals.scans} scans`}
            </p>
          ) : null}
          {scans.length === 0 ? (
            <p className="text-sm text-slate-600 ui-d:text-slate-200">Nothing scanned in this session yet.</p>
          ) : (
            <ul className="surface divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {[...scans].reverse().map((scan) => {
                const kind = KIND_LABEL[scan.kind];
                const invoice = invoiceByScan.get(scan.id);
                return (
                  <li key={scan.id} data-testid="session-scan" className="space-y-1 px-3 py-2.5 ui-b:py-1 ui-c:py-3.5">
                    <div className="flex items-center justify-between gap-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${kind?.className ?? ""}`}>
                        {kind?.label ?? scan.kind}
                      </span>
                      <span className="text-xs text-slate-500 ui-d:text-slate-300">
                        <LocalTime iso={scan.created_at} />
                      </span>
                    </div>
                    {invoice ? (
                      <p className="text-sm font-medium">
                        {[documentName(invoice), invoice.issuer_nif && `NIF ${invoice.issuer_nif}`]
                          .filter(Boolean)
                          .join(" · ") || "Invoice"}
                      </p>
                    ) : null}
                    <p
                      className={`font-mono break-all ${invoice ? "line-clamp-2 text-xs text-slate-500 ui-d:text-slate-300" : "text-sm"}`}
                      data-testid="session-scan-value"
                    >
                      {scan.value}
                    </p>
                    <div className="flex items-baseline justify-between gap-2 text-sm">
                      <span className="text-slate-600 ui-d:text-slate-200">{scan.store_name ?? "No store"}</span>
                      {invoice ? <InvoiceAmount invoice={invoice} /> : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <PageLinks
            label="Older scans"
            first={older ? pageHref(sessionPage, { sid: asked }) : null}
            more={next ? pageHref(sessionPage, { sid: asked, cursor: next }) : null}
            firstLabel="Latest scans"
            moreLabel="Older scans"
          />
        </section>
      </div>
    </>
  );
}

function validSessionId(value: string | string[] | undefined): string | null {
  return typeof value === "string" && SESSION_ID_PATTERN.test(value) ? value : null;
}

async function findSession(id: string, cursor?: [number]) {
  try {
    return await getScanSessionDetail({ id, cursor });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
