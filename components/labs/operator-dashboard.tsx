"use client";

import Link from "next/link";
import { DecisionsReady, PendingAsks } from "@/components/labs/dashboard-asks";
import { AvailabilityBadge, Empty, ItemLink, Price } from "@/components/research/bits";
import { Drops, NoteList, OutOfStock } from "@/components/research/research-dashboard";
import { UpdatedAgo } from "@/components/research/updated-ago";
import { When } from "@/components/research/when";
import { KIND_LABEL } from "@/components/scan/styles";
import { Card } from "@/components/ui/card";
import { Stat } from "@/components/ui/stat";
import { FetchError } from "@/lib/http/fetcher";
import type { Dashboard } from "@/lib/labs/schemas";
import { useDashboard } from "@/lib/labs/use-dashboard";
import { formatMoney } from "@/lib/scan/client/format";
import { sessionLabel } from "@/lib/scan/schemas";

/**
 * The operator dashboard at / (DESIGN §2): the server renders the first
 * data, SWR refreshes it every 30 s like the research dashboard. Forms in it
 * (claim, decide) are uncontrolled and keyed by todo, so a refresh leaves a
 * half-typed decision alone.
 */
export function OperatorDashboard({ initial, prefix }: { initial: Dashboard; prefix: string }) {
  const { data, error, isValidating, updatedAt } = useDashboard(initial);
  const dashboard = data ?? initial;
  const now = Date.parse(dashboard.generated_at);
  const databaseDown = error instanceof FetchError && error.code === "unavailable";

  return (
    <div className="space-y-4 ui-b:space-y-2">
      <UpdatedAgo updatedAt={updatedAt} refreshing={isValidating} error={error} />
      <Health dashboard={dashboard} prefix={prefix} databaseDown={databaseDown} />

      <div className="grid gap-4 lg:grid-cols-2 ui-b:gap-2">
        <div id="asks" className="min-w-0 scroll-mt-4">
          <Card title={`Pending asks (${dashboard.ask.pending.count})`}>
            <PendingAsks {...dashboard.ask.pending} prefix={prefix} now={now} />
          </Card>
        </div>
        <div id="decisions" className="min-w-0 scroll-mt-4">
          <Card title={`Decisions ready (${dashboard.ask.decisions.count})`}>
            <DecisionsReady {...dashboard.ask.decisions} prefix={prefix} now={now} />
          </Card>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3 ui-b:gap-2">
        <Card title="Scan">
          <ScanSummary scan={dashboard.scan} prefix={prefix} />
        </Card>
        <Card title="Research">
          <ResearchSummary research={dashboard.research} prefix={prefix} />
        </Card>
        <Card title="Recent notes">
          <NoteList notes={dashboard.research.notes} prefix={prefix} />
          <p className="mt-2 text-sm">
            <Link href={`${prefix}/base-research/`} className="font-medium text-brand underline">
              Leave a note for the agent
            </Link>
          </p>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2 ui-b:gap-2">
        <Card title="Latest price drops">
          <Drops drops={dashboard.research.drops} prefix={prefix} />
        </Card>
        <Card title={`Out of stock (${dashboard.research.oos_count})`}>
          <OutOfStock oos={dashboard.research.oos} prefix={prefix} />
          {dashboard.research.oos_count > dashboard.research.oos.length ? (
            <p className="mt-2 text-sm">
              <Link href={`${prefix}/base-research/`} className="font-medium text-brand underline">
                All {dashboard.research.oos_count} in Research
              </Link>
            </p>
          ) : null}
        </Card>
      </div>
    </div>
  );
}

function Health({ dashboard, prefix, databaseDown }: { dashboard: Dashboard; prefix: string; databaseDown: boolean }) {
  const { database, services } = dashboard.health;
  return (
    <section
      aria-label="Health"
      className="surface rounded-xl border border-slate-200 bg-white p-4 shadow-sm ui-b:rounded ui-b:p-2 ui-c:p-5"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-base font-semibold ui-c:text-lg">Health</h2>
        <p className="text-sm">
          <span data-testid="db-health" className={databaseDown ? "text-red-700" : "text-green-700"}>
            Database: {databaseDown ? "not answering" : "ok"}
          </span>
          {databaseDown ? null : (
            <span className="text-slate-500 ui-d:text-slate-300">
              {" "}
              · {database.kind === "pglite" ? "embedded (PGlite)" : "PostgreSQL"}, {database.round_trip_ms} ms round
              trip
            </span>
          )}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2 lg:grid-cols-4" data-testid="service-health">
        {services.map((service) => {
          const ok = service.ok && !databaseDown;
          return (
            <li
              key={service.service}
              aria-label={`${service.name}: ${ok ? "ok" : "needs attention"}`}
              className={`rounded-lg border px-3 py-2 ui-b:py-1 ${ok ? "border-slate-200 ui-d:border-white" : "border-red-300 bg-red-50 ui-d:border-yellow-300 ui-d:bg-black"}`}
            >
              <div className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={`size-2.5 shrink-0 rounded-full ${ok ? "bg-green-600 ui-d:bg-green-400" : "bg-red-600 ui-d:bg-yellow-300"}`}
                />
                <Link href={`${prefix}${service.href}`} className="font-semibold text-brand hover:underline">
                  {service.name}
                </Link>
                <span className={`ml-auto text-xs font-medium ${ok ? "text-green-700" : "text-red-700"}`}>
                  {ok ? "OK" : "Needs attention"}
                </span>
              </div>
              <p className="mt-0.5 text-xs break-words text-slate-500 ui-d:text-slate-300">{service.detail}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const SESSION_STATE = {
  open: { label: "Open", className: "bg-emerald-100 text-emerald-900" },
  ended: { label: "Ended", className: "bg-slate-200 text-slate-800" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-800" },
} as const;

function ScanSummary({ scan, prefix }: { scan: Dashboard["scan"]; prefix: string }) {
  const session = scan.session;
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <Stat label="Scans today (UTC)" value={scan.scans_today} />
        <Stat label={session?.mine ? "In your session" : "In latest session"} value={session?.scans ?? 0} />
      </div>
      {session ? (
        <div className="mt-3 text-sm" data-testid="scan-session">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              href={`${prefix}/base-scan/session?sid=${session.id}`}
              aria-label={`${session.mine ? "Your" : "Latest"} session ${sessionLabel(session.id)}`}
              className="font-mono font-semibold text-brand hover:underline"
            >
              {sessionLabel(session.id)}
            </Link>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${SESSION_STATE[session.state].className}`}
            >
              {SESSION_STATE[session.state].label}
            </span>
          </div>
          <p className="text-xs text-slate-500 ui-d:text-slate-300">
            {session.invoices ? `${session.invoices} invoices, ${formatMoney(session.gross_total)} · ` : ""}
            {session.store_name ? `${session.store_name} · ` : ""}
            last scan <When iso={session.last_scan_at} />
          </p>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="recent-scans">
            {session.recent_scans.map((item) => (
              <li key={item.id} className="flex items-center gap-2 py-1.5">
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_LABEL[item.kind]?.className ?? ""}`}
                >
                  {KIND_LABEL[item.kind]?.label ?? item.kind}
                </span>
                <span className="min-w-0 flex-1 truncate font-mono text-xs" title={item.value}>
                  {item.value}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-500 ui-d:text-slate-300">
          No scans yet.{" "}
          <Link href={`${prefix}/base-scan/scan`} className="text-brand underline">
            Open the scanner
          </Link>
        </p>
      )}
    </>
  );
}

function ResearchSummary({ research, prefix }: { research: Dashboard["research"]; prefix: string }) {
  const { counts } = research;
  return (
    <>
      <div className="grid grid-cols-2 gap-2" data-testid="research-counts">
        <Stat label="Items" value={counts.items} />
        <Stat label="Observations" value={counts.obs} />
        <Stat label="Sources" value={counts.sources} />
        <Stat label="Sessions" value={counts.sessions} />
      </div>
      {research.recent.length === 0 ? (
        <div className="mt-3">
          <Empty>No observations yet.</Empty>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="recent-observations">
          {research.recent.map((obs) => (
            <li key={obs.br_id} className="flex items-start gap-2 py-1.5 text-sm" data-br-id={obs.br_id}>
              <div className="min-w-0 flex-1">
                <ItemLink prefix={prefix} id={obs.item_id} name={obs.item_name} />
                <div className="text-xs text-slate-500 ui-d:text-slate-300">
                  {obs.source} · <When iso={obs.observed_at} />
                </div>
              </div>
              <div className="text-right">
                <Price text={obs.price_fmt} />
                {obs.availability === "oos" ? <AvailabilityBadge availability="oos" /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <Link href={`${prefix}/base-research/`} className="font-medium text-brand underline">
          Open Research
        </Link>
      </p>
    </>
  );
}
