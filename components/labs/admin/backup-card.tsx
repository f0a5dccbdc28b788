import { getLocale, getTranslations } from "next-intl/server";
import { RestoreBackupForm } from "@/components/labs/restore-backup-form";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Time } from "@/components/ui/time";
import { env } from "@/lib/env";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { tablesWithHouseholdData } from "@/lib/platform/restore-backup";
import { listBackups } from "@/lib/platform/scheduled-backups";

/** The admin page's backups: download one, the ones kept on schedule with their proofs, restore. */
export async function BackupCard() {
  const [backups, holding, t, locale] = await Promise.all([
    listBackups(),
    tablesWithHouseholdData(),
    getTranslations("labs.admin"),
    getLocale() as Promise<Locale>,
  ]);
  return (
    <Card title={t("backup.title")}>
      <p className="text-sm">{t("backup.intro")}</p>
      <a href="/labs/api/backup" download className={`mt-3 ${buttonClass("primary")}`}>
        {t("backup.download")}
      </a>
      <h3 className="mt-4 text-sm font-semibold">{t("backup.keptTitle")}</h3>
      <p className="text-sm text-muted">
        {env().BACKUP_SCHEDULE === "off"
          ? t("backup.keptOff")
          : t("backup.keptIntro", { schedule: env().BACKUP_SCHEDULE })}
      </p>
      {backups.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("backup.keptNone")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm" aria-label={t("backup.keptTitle")}>
          {backups.map((backup) => (
            <li key={backup.name} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <a href={`/labs/api/backups/${backup.name}`} download className="font-medium text-link underline">
                <Time iso={backup.created_at} />
              </a>
              <span className="text-muted tabular-nums">
                {backup.size < 1024 * 1024
                  ? t("backup.sizeKiB", { kib: formatNumber(locale, Math.max(1, Math.round(backup.size / 1024))) })
                  : t("backup.sizeMiB", {
                      mib: formatNumber(locale, backup.size / 1024 / 1024, { maximumFractionDigits: 1 }),
                    })}
              </span>
              <span className={backup.proof === null || backup.proof.ok ? "text-muted" : "font-medium text-danger"}>
                {backup.proof === null
                  ? t("backup.proofPending")
                  : backup.proof.ok
                    ? t("backup.proven")
                    : t("backup.proofFailed", { reason: backup.proof.reason })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold">{t("backup.restoreTitle")}</h3>
      {holding.length === 0 ? (
        <>
          <p className="mb-2 text-sm text-muted">{t("backup.empty")}</p>
          <RestoreBackupForm />
        </>
      ) : (
        <p className="text-sm text-muted" data-testid="restore-refused">
          {t.rich("backup.refused", { code: (chunks) => <code>{chunks}</code> })}
        </p>
      )}
    </Card>
  );
}
