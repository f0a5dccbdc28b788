import "server-only";
import { listDecisionsReady, listPendingTodos } from "@/lib/ask/list-todos";
import { getDatabase } from "@/lib/db";
import { readMigrationState, type MigrationState } from "@/lib/db/migration-state";
import { createTranslator } from "use-intl/core";
import { env } from "@/lib/env";
import { AppError, errorText } from "@/lib/http/errors";
import { formatDate, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";
import { diskState, type DiskState } from "@/lib/platform/disk-space";
import { pingDatabase } from "@/lib/platform/health";
import { buildInfo } from "@/lib/platform/release";
import { backupState, type BackupState } from "@/lib/platform/scheduled-backups";
import { DASHBOARD_TOP, type Dashboard, type DashboardService } from "@/lib/labs/schemas";
import { buildSnapshot } from "@/lib/research/build-snapshot";
import type { ScanItem } from "@/lib/scan/schemas";
import { countScansToday, getCurrentScanSession, startOfUtcDay } from "@/lib/scan/scan-activity";

/**
 * What the operator dashboard at `/` shows (docs/contract.md, "Paths"), for the page's
 * first render and for GET /labs/api/dashboard alike. Every section comes from
 * its area's own domain function (the queue's lists, the research snapshot,
 * the scan session detail), so the dashboard never disagrees with the pages it
 * links to; each runs a fixed number of queries, whatever the data size.
 * A database that does not answer is a 503, not a page of zeros.
 */
export async function buildDashboard({
  scanSessionId,
  locale = "en",
  now = new Date(),
}: {
  /** The caller's scan session (its scan_sid cookie), shown instead of the latest while it is open. */
  scanSessionId?: string | null;
  /** The reader's language, for each service's one-line detail. */
  locale?: Locale;
  now?: Date;
} = {}): Promise<Dashboard> {
  const started = performance.now();
  const databaseOk = await pingDatabase();
  const roundTripMs = Math.round(performance.now() - started);
  if (!databaseOk) {
    throw new AppError("unavailable", errorText("labs.databaseDown"), {
      headers: { "retry-after": "5" },
    });
  }

  const [pending, decisions, snapshot, scansToday, session, migrations, backups, disk] = await Promise.all([
    listPendingTodos({ limit: DASHBOARD_TOP, now }),
    listDecisionsReady({ limit: DASHBOARD_TOP, now }),
    buildSnapshot(),
    countScansToday({ now }),
    getCurrentScanSession({ sessionId: scanSessionId, now }),
    readMigrationState().catch((error: unknown) => {
      console.error("[dashboard] could not read the migration state:", error);
      return null;
    }),
    backupState(),
    diskState(now.getTime()),
  ]);

  const services = serviceHealth({ migrations, backups, disk, locale });
  return {
    ok: true,
    generated_at: now.toISOString(),
    health: {
      ok: services.every((service) => service.ok),
      database: { kind: getDatabase().kind, ok: true, round_trip_ms: roundTripMs },
      services,
    },
    // The first few of each list and their counts; paging is the queue's.
    ask: {
      pending: { count: pending.count, todos: pending.todos },
      decisions: { count: decisions.count, todos: decisions.todos },
    },
    scan: {
      day: startOfUtcDay(now).toISOString().slice(0, 10),
      scans_today: scansToday,
      session: session && {
        ...session.session,
        mine: session.mine,
        scans: session.totals.scans,
        invoices: session.totals.invoices,
        gross_total: session.totals.gross_total,
        store_name: session.store?.name ?? null,
        // Rows hold only the formats and kinds recordScan lets in; the test servers check it.
        recent_scans: session.scans.slice(-DASHBOARD_TOP).reverse() as ScanItem[],
      },
    },
    research: {
      counts: snapshot.counts,
      recent: snapshot.recent.slice(0, DASHBOARD_TOP),
      drops: snapshot.drops.slice(0, DASHBOARD_TOP),
      oos_count: snapshot.oos.length,
      oos: snapshot.oos.slice(0, DASHBOARD_TOP),
      notes: snapshot.notes.slice(0, DASHBOARD_TOP),
    },
  };
}

/**
 * Each service shares the database (checked above); beyond that, only what is
 * cheap to know: how it is configured, and for Labs whether every migration
 * is applied. Outside services (Open Food Facts, a language model) are named,
 * never called: a dashboard refresh must not spend their quota. The detail is
 * written in the reader's language, like an error message.
 */
function serviceHealth({
  migrations,
  backups,
  disk,
  locale,
}: {
  migrations: MigrationState | null;
  backups: BackupState;
  disk: DiskState;
  locale: Locale;
}): DashboardService[] {
  const { OFF_BASE_URL, LLM_BASE_URL, LLM_MODEL, RESEARCH_BROWSER_UA_ONLY } = env();
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "labs.dashboard.health.services" });
  const migrationsOk = migrations !== null && migrations.pending.length === 0 && migrations.failed.length === 0;
  return [
    {
      service: "scan",
      name: "Scan",
      ok: true,
      detail: t("scan", { host: hostOf(OFF_BASE_URL) }),
      href: "/base-scan/",
    },
    {
      service: "ask",
      name: "Ask",
      ok: true,
      detail:
        LLM_BASE_URL && LLM_MODEL ? t("askModel", { model: LLM_MODEL, host: hostOf(LLM_BASE_URL) }) : t("askTemplate"),
      href: "/base-ask/queue",
    },
    {
      service: "research",
      name: "Research",
      ok: true,
      detail: RESEARCH_BROWSER_UA_ONLY ? t("researchBrowsers") : t("researchOpen"),
      href: "/base-research/",
    },
    {
      service: "labs",
      name: "Labs",
      // A backup that failed is the household's to know of: Labs is not well until one is proven again.
      // Nor with a full disk, which refuses every write (507) until space is freed.
      ok: migrationsOk && backups.state !== "failed" && disk.state !== "full",
      detail: [
        t("migrations", { release: buildInfo().release, ...migrationSummary(migrations) }),
        t("backup", {
          state: backups.state,
          when: "at" in backups ? formatDate(locale, backups.at, "short") : "",
          reason: backups.state === "failed" ? backups.reason : "",
        }),
        ...diskDetail(disk, locale).map(({ key, free }) => t(key, { free })),
      ].join("; "),
      href: "/admin/operator",
    },
  ];
}

/** The disk's part of the Labs line: its free space, or that it is full. */
function diskDetail(
  disk: DiskState,
  locale: Locale,
): { key: "diskFree" | "diskFull" | "diskFullElsewhere"; free: string }[] {
  if (disk.free_bytes === null) return disk.state === "full" ? [{ key: "diskFullElsewhere", free: "" }] : [];
  const mib = disk.free_bytes / 2 ** 20;
  const free =
    mib < 1024
      ? `${formatNumber(locale, Math.floor(mib))} MiB`
      : `${formatNumber(locale, mib / 1024, { maximumFractionDigits: 1 })} GiB`;
  return [{ key: disk.state === "full" ? "diskFull" : "diskFree", free }];
}

function migrationSummary(migrations: MigrationState | null): { state: string; count: number } {
  if (!migrations) return { state: "unknown", count: 0 };
  if (migrations.failed.length) return { state: "failed", count: migrations.failed.length };
  if (migrations.pending.length) return { state: "pending", count: migrations.pending.length };
  return { state: "current", count: 0 };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
