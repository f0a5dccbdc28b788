import { getDatabase } from "@/lib/db";
import { readMigrationState } from "@/lib/db/migration-state";
import { pingDatabase } from "@/lib/labs/health";
import { buildInfo } from "@/lib/labs/release";
import type { LabsStatus } from "@/lib/labs/schemas";
import { countPerService } from "@/lib/labs/service-counts";

/**
 * The status document of GET /labs/status: build, uptime, database and
 * migrations for anyone; row counts per service only for the operator.
 */
export async function buildStatus(options: { includeCounts: boolean }): Promise<LabsStatus> {
  const databaseOk = await pingDatabase();
  const [migrations, counts] = databaseOk
    ? await Promise.all([
        readMigrationState().catch((error: unknown) => {
          console.error("[status] could not read the migration state:", error);
          return null;
        }),
        options.includeCounts ? countPerService() : undefined,
      ])
    : [null, undefined];
  const uptime = process.uptime();
  const { release, commit } = buildInfo();
  const migrationsOk = migrations !== null && migrations.pending.length === 0 && migrations.failed.length === 0;
  return {
    ok: databaseOk && migrationsOk,
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
