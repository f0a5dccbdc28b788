"use client";

import { useTranslations } from "next-intl";
import { DecisionsReady, PendingAsks } from "@/components/labs/dashboard-asks";
import { AvailabilityBadge, Empty, ItemLink, Price } from "@/components/research/bits";
import { Drops, NoteList, OutOfStock } from "@/components/research/research-dashboard";
import { UpdatedAgo } from "@/components/research/updated-ago";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { Panel } from "@/components/ui/panel";
import { Stat } from "@/components/ui/stat";
import { Time } from "@/components/ui/time";
import { FetchError } from "@/lib/http/client-api";
import type { Dashboard } from "@/lib/labs/schemas";
import { useDashboard } from "@/lib/labs/use-dashboard";
import { sessionLabel } from "@/lib/scan/schemas";

/**
 * The operator dashboard at / (docs/contract.md, "Paths"): the server renders the first
 * data, SWR refreshes it every 30 s like the research dashboard. Forms in it
 * (claim, decide) are uncontrolled and keyed by todo, so a refresh leaves a
 * half-typed decision alone.
 */
export function OperatorDashboard({ initial, prefix }: { initial: Dashboard; prefix: string }) {
  const t = useTranslations("labs.dashboard");
  const { data, error, isValidating, updatedAt } = useDashboard(initial);
  const dashboard = data ?? initial;
  const now = Date.parse(dashboard.generated_at);
  const databaseDown = error instanceof FetchError && error.code === "unavailable";

  return (
    <div className="space-y-4 ui-b:space-y-2">
      <UpdatedAgo updatedAt={updatedAt} refreshing={isValidating} error={error} />
      <Health dashboard={dashboard} databaseDown={databaseDown} />

      <div className="grid gap-4 lg:grid-cols-2 ui-b:gap-2">
        <div id="asks" className="min-w-0 scroll-mt-4">
          <Card title={t("pendingAsks", { count: dashboard.ask.pending.count })}>
            <PendingAsks {...dashboard.ask.pending} prefix={prefix} now={now} />
          </Card>
        </div>
        <div id="decisions" className="min-w-0 scroll-mt-4">
          <Card title={t("decisionsReady", { count: dashboard.ask.decisions.count })}>
            <DecisionsReady {...dashboard.ask.decisions} prefix={prefix} now={now} />
          </Card>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3 ui-b:gap-2">
        <Card title={t("scan.title")}>
          <ScanSummary scan={dashboard.scan} />
        </Card>
        <Card title={t("research.title")}>
          <ResearchSummary research={dashboard.research} />
        </Card>
        <Card title={t("notes.title")}>
          <NoteList notes={dashboard.research.notes} />
          <p className="mt-2 text-sm">
            <AppLink href="/base-research/">{t("notes.leave")}</AppLink>
          </p>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2 ui-b:gap-2">
        <Card title={t("drops")}>
          <Drops drops={dashboard.research.drops} />
        </Card>
        <Card title={t("outOfStock", { count: dashboard.research.oos_count })}>
          <OutOfStock oos={dashboard.research.oos} />
          {dashboard.research.oos_count > dashboard.research.oos.length ? (
            <p className="mt-2 text-sm">
              <AppLink href="/base-research/">{t("allOutOfStock", { count: dashboard.research.oos_count })}</AppLink>
            </p>
          ) : null}
        </Card>
      </div>
    </div>
  );
}

const SERVICE_NAMES = ["scan", "ask", "research", "labs"] as const;
const isServiceName = (name: string): name is (typeof SERVICE_NAMES)[number] =>
  (SERVICE_NAMES as readonly string[]).includes(name);

function Health({ dashboard, databaseDown }: { dashboard: Dashboard; databaseDown: boolean }) {
  const t = useTranslations("labs.dashboard.health");
  const nav = useTranslations("common.nav");
  const { database, services } = dashboard.health;
  return (
    <Panel aria-labelledby="health-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="health-title" className="text-base font-semibold ui-c:text-lg">
          {t("title")}
        </h2>
        <p className="text-sm">
          <span data-testid="db-health" className={`font-medium ${databaseDown ? "text-danger" : "text-success"}`}>
            {databaseDown ? t("databaseDown") : t("databaseOk")}
          </span>
          {databaseDown ? null : (
            <span className="text-muted">
              {" · "}
              {t("database", { kind: database.kind, ms: database.round_trip_ms })}
            </span>
          )}
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 lg:grid-cols-4" data-testid="service-health">
        {services.map((service) => {
          const ok = service.ok && !databaseDown;
          const name = isServiceName(service.service) ? nav(service.service) : service.name;
          const state = ok ? t("ok") : t("attention");
          return (
            <li
              key={service.service}
              aria-label={`${name}: ${state}`}
              className={`min-w-0 rounded-lg border px-3 py-2 ui-b:py-1 ${ok ? "border-line" : "border-danger bg-danger-surface"}`}
            >
              <div className="flex flex-wrap items-center gap-x-2">
                <span
                  aria-hidden="true"
                  className={`size-2.5 shrink-0 rounded-full ${ok ? "bg-success" : "bg-danger"}`}
                />
                <AppLink href={service.href} className="font-semibold">
                  {name}
                </AppLink>
                <span className={`ml-auto text-xs font-semibold ${ok ? "text-success" : "text-danger"}`}>{state}</span>
              </div>
              {/* Written by the server in the reader's language. */}
              <p className="mt-0.5 text-xs break-words text-muted">{service.detail}</p>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

const SESSION_TONE: Record<NonNullable<Dashboard["scan"]["session"]>["state"], BadgeTone> = {
  open: "success",
  ended: "neutral",
  expired: "neutral",
};

const KIND_TONE: Record<string, BadgeTone> = {
  barcode: "success",
  fatura: "warn",
  card: "info",
  url: "accent",
  qr: "neutral",
};
const KINDS = ["barcode", "fatura", "card", "url", "qr"] as const;
const isKind = (kind: string): kind is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(kind);

function ScanSummary({ scan }: { scan: Dashboard["scan"] }) {
  const t = useTranslations("labs.dashboard.scan");
  const session = scan.session;
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <Stat label={t("today")} value={scan.scans_today} />
        <Stat label={session?.mine ? t("inYours") : t("inLatest")} value={session?.scans ?? 0} />
      </div>
      {session ? (
        <div className="mt-3 text-sm" data-testid="scan-session">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <AppLink
              href={`/base-scan/session?sid=${session.id}`}
              aria-label={t(session.mine ? "yourSession" : "latestSession", { label: sessionLabel(session.id) })}
              className="font-mono"
            >
              {sessionLabel(session.id)}
            </AppLink>
            <Badge tone={SESSION_TONE[session.state]}>{t(`states.${session.state}`)}</Badge>
          </div>
          <p className="text-xs text-muted">
            {session.invoices ? (
              <>
                {t("invoices", { count: session.invoices })}, <Money amount={session.gross_total} />
                {" · "}
              </>
            ) : null}
            {session.store_name ? `${session.store_name} · ` : ""}
            {t.rich("lastScan", { time: () => <Time iso={session.last_scan_at} /> })}
          </p>
          <ul className="mt-2 divide-y divide-line" data-testid="recent-scans">
            {session.recent_scans.map((item) => (
              <li key={item.id} className="flex items-center gap-2 py-1.5">
                <Badge tone={KIND_TONE[item.kind] ?? "neutral"} className="shrink-0">
                  {isKind(item.kind) ? t(`kinds.${item.kind}`) : item.kind}
                </Badge>
                <span className="min-w-0 flex-1 truncate font-mono text-xs" title={item.value}>
                  {item.value}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {t("none")} <AppLink href="/base-scan/scan">{t("openScanner")}</AppLink>
        </p>
      )}
    </>
  );
}

function ResearchSummary({ research }: { research: Dashboard["research"] }) {
  const t = useTranslations("labs.dashboard.research");
  const counts = useTranslations("research.dashboard.counts");
  return (
    <>
      <div className="grid grid-cols-2 gap-2" data-testid="research-counts">
        <Stat label={counts("items")} value={research.counts.items} />
        <Stat label={counts("observations")} value={research.counts.obs} />
        <Stat label={counts("sources")} value={research.counts.sources} />
        <Stat label={counts("sessions")} value={research.counts.sessions} />
      </div>
      {research.recent.length === 0 ? (
        <div className="mt-3">
          <Empty>{t("none")}</Empty>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-line" data-testid="recent-observations">
          {research.recent.map((obs) => (
            <li key={obs.br_id} className="flex items-start gap-2 py-1.5 text-sm" data-br-id={obs.br_id}>
              <div className="min-w-0 flex-1 break-words">
                <ItemLink id={obs.item_id} name={obs.item_name} />
                <div className="text-xs text-muted">
                  {obs.source} · <Time iso={obs.observed_at} />
                </div>
              </div>
              <div className="text-right">
                <Price amount={obs.price} currency={obs.currency} />
                {obs.availability === "oos" ? <AvailabilityBadge availability="oos" /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <AppLink href="/base-research/">{t("open")}</AppLink>
      </p>
    </>
  );
}
