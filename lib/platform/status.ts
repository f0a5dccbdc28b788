import "server-only";
import { getDatabase } from "@/lib/db";
import { readMigrationState } from "@/lib/db/migration-state";
import { pingDatabase } from "@/lib/platform/health";
import { buildInfo } from "@/lib/platform/release";
import type { LabsStatus, OperatorStatus } from "@/lib/platform/schemas";
import { countPerService } from "@/lib/platform/service-counts";

/**
 * The status document of GET /labs/status: release and health for anyone;
 * commit, uptime, database, migrations and row counts for the operator.
 */
export async function buildStatus(options: { detailed: true }): Promise<OperatorStatus>;
export async function buildStatus(options: { detailed: boolean }): Promise<LabsStatus>;
export async function buildStatus(options: { detailed: boolean }): Promise<LabsStatus> {
  const databaseOk = await pingDatabase();
  const [migrations, counts] = databaseOk
    ? await Promise.all([
        readMigrationState().catch((error: unknown) => {
          console.error("[status] could not read the migration state:", error);
          return null;
        }),
        options.detailed ? countPerService() : undefined,
      ])
    : [null, undefined];
  const { release, commit } = buildInfo();
  const migrationsOk = migrations !== null && migrations.pending.length === 0 && migrations.failed.length === 0;
  const ok = databaseOk && migrationsOk;
  if (!options.detailed) return { ok, service: "labs", release };
  const uptime = process.uptime();
  return {
    ok,
    service: "labs",
    release,
    commit,
    started_at: new Date(Date.now() - uptime * 1000).toISOString(),
    uptime_seconds: Math.floor(uptime),
    database: { kind: getDatabase().kind, ok: databaseOk },
    migrations: { ok: migrationsOk, ...(migrations ?? { applied: [], pending: [], failed: [] }) },
    ...(counts ? { counts } : {}),
  };
}
