import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { Stat } from "@/components/ui/stat";
import { Time } from "@/components/ui/time";
import { buildStatus } from "@/lib/platform/status";

/** The admin page's health: release, uptime, database, migrations and counts (/labs/status, detailed). */
export async function HealthCard() {
  const [status, t] = await Promise.all([buildStatus({ detailed: true }), getTranslations("labs.admin")]);
  return (
    <Card title={t("health.title")}>
      <p data-testid="admin-health" className={`font-medium ${status.ok ? "text-success" : "text-danger"}`}>
        {status.ok ? t("health.ok") : status.database.ok ? t("health.migrations") : t("health.databaseDown")}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t("health.release")}</dt>
        <dd className="min-w-0 font-mono break-words">
          {status.release}
          {status.commit ? <span className="whitespace-nowrap text-muted"> ({status.commit})</span> : null}
        </dd>
        <dt className="text-muted">{t("health.up")}</dt>
        <dd>
          {t.rich("health.upSince", {
            duration: duration(status.uptime_seconds),
            time: () => <Time iso={status.started_at} />,
          })}
        </dd>
        <dt className="text-muted">{t("health.database")}</dt>
        <dd>{t("health.databaseState", { kind: status.database.kind, ok: String(status.database.ok) })}</dd>
        <dt className="text-muted">{t("health.migrationsLabel")}</dt>
        <dd className="break-words">
          {t("health.applied", { count: status.migrations.applied.length })}
          {", "}
          {status.migrations.pending.length
            ? t("health.pending", { names: status.migrations.pending.join(", ") })
            : t("health.nonePending")}
          {status.migrations.failed.length
            ? `, ${t("health.failed", { names: status.migrations.failed.join(", ") })}`
            : null}
        </dd>
      </dl>
      {status.counts ? (
        <div className="mt-3 grid grid-cols-2 gap-2 min-[400px]:grid-cols-3">
          <Stat label={t("health.scans")} value={status.counts.scan.scans} />
          <Stat label={t("health.pendingAsks")} value={status.counts.ask.pending} />
          <Stat label={t("health.observations")} value={status.counts.research.observations} />
        </div>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-3 text-sm">
        <a href="/labs/status" className="font-medium text-link underline underline-offset-2">
          /labs/status
        </a>
        <a href="/labs/healthz" className="font-medium text-link underline underline-offset-2">
          /labs/healthz
        </a>
        <AppLink href="/api/docs">{t("health.apiReference")}</AppLink>
      </p>
    </Card>
  );
}

/** Days, hours and minutes, for the uptime: "2 d 3 h" reads the same in both languages. */
function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}
