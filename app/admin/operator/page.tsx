import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { AccountsCard } from "@/components/accounts/accounts-card";
import { TipsManager } from "@/components/ask/tips-manager";
import { Folded } from "@/components/labs/folded";
import { McpConnect } from "@/components/labs/mcp-connect";
import { MintKeyForm } from "@/components/labs/mint-key-form";
import { NotifyChannels } from "@/components/labs/notify-channels";
import { PairDeviceForm } from "@/components/labs/pair-device-form";
import { RestoreBackupForm } from "@/components/labs/restore-backup-form";
import { RevokeButton } from "@/components/labs/revoke-button";
import { VariantViewsChart } from "@/components/labs/variant-views-chart";
import { WebhooksManager } from "@/components/labs/webhooks-manager";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { AppLink } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { Time } from "@/components/ui/time";
import { listDecisionsReady, listPendingTodos } from "@/lib/ask/list-todos";
import { listApiKeys } from "@/lib/auth/api-keys";
import { listApiUsage } from "@/lib/auth/api-usage";
import { listDevices } from "@/lib/auth/devices";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { listPlans } from "@/lib/auth/plans";
import { env } from "@/lib/env";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { idParam } from "@/lib/http/wire";
import { buildStatus } from "@/lib/labs/status";
import { tablesWithHouseholdData } from "@/lib/labs/restore-backup";
import { listBackups } from "@/lib/labs/scheduled-backups";
import { listVariantViews } from "@/lib/labs/variant-views";
import { listChannels } from "@/lib/notify/manage-channels";
import { listWebhooks } from "@/lib/webhooks/manage-webhooks";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("labs.admin");
  return { title: t("title") };
}

const USAGE_ROWS = 50;
const QUEUE_ROWS = 3;

export default async function OperatorPage({ searchParams }: { searchParams: Promise<{ key?: string | string[] }> }) {
  await requireOperatorPage("/admin/operator");
  const t = await getTranslations("labs.admin");
  const locale = (await getLocale()) as Locale;
  const keyFilter = idParam.safeParse((await searchParams).key);
  const keyId = keyFilter.success ? keyFilter.data : undefined;
  // A line without a key is an action taken with a session: the operator's or an account's.
  const actorName = (actor: string | null) =>
    actor?.startsWith("account:") ? t("usage.account", { id: actor.slice("account:".length) }) : t("usage.operator");
  const [status, keys, usage, views, pending, decisions, devices, holding, webhooks, channels, backups] =
    await Promise.all([
      buildStatus({ detailed: true }),
      listApiKeys(),
      listApiUsage({ keyId, limit: USAGE_ROWS }),
      listVariantViews(),
      listPendingTodos({ limit: QUEUE_ROWS }),
      listDecisionsReady({ limit: 0 }),
      listDevices(),
      tablesWithHouseholdData(),
      listWebhooks(),
      listChannels(),
      listBackups(),
    ]);
  const household = env().LABS_ACCESS === "household";
  const plans = (await listPlans()).map((plan) => ({ name: plan.name, perMinute: plan.requestsPerMinute }));
  const viewTotals = Object.entries(
    views.rows.reduce<Record<string, number>>((totals, row) => {
      totals[row.variant] = (totals[row.variant] ?? 0) + row.views;
      return totals;
    }, {}),
  ).sort(([a], [b]) => a.localeCompare(b));

  return (
    <>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <div className="grid gap-4 md:grid-cols-2 ui-b:gap-2">
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

        <Card title={t("queue.title")}>
          <div className="grid grid-cols-2 gap-2" data-testid="ask-counts">
            <Stat label={t("queue.pending")} value={pending.count} />
            <Stat label={t("queue.decisions")} value={decisions.count} />
          </div>
          {pending.todos.length ? (
            <ol className="mt-2 space-y-1 text-sm" aria-label={t("queue.top")}>
              {pending.todos.map((todo) => (
                <li key={todo.id} className="flex gap-2">
                  <span className="shrink-0 font-semibold">#{todo.id}</span>
                  <AppLink
                    href={`/base-ask/queue#todo-${todo.id}`}
                    className="block min-h-[24px] min-w-0 truncate font-normal"
                  >
                    {todo.text}
                  </AppLink>
                </li>
              ))}
            </ol>
          ) : null}
          <p className="mt-2 flex flex-wrap gap-x-3 text-sm">
            <AppLink href="/base-ask/queue" look="standalone">
              {t("queue.manage")}
            </AppLink>
            <AppLink href="/base-ask/queue?tab=decisions" look="standalone">
              {t("queue.decisionsLink")}
            </AppLink>
          </p>
          {/* Two dozen starter tips would bury the rest of the page: folded until wanted. */}
          <Folded className="mt-4" summary={t("queue.tips")}>
            <TipsManager />
          </Folded>
        </Card>

        <div className="min-w-0 md:col-span-2">
          <Card title={t("keys.title")}>
            <MintKeyForm plans={plans} />
            <Folded className="mt-2" summary={t("keys.mcp.title")}>
              <McpConnect idPrefix="mcp" />
            </Folded>
            <div className="relative mt-4 overflow-x-auto ui-b:mt-2">
              <table className="w-full text-left text-sm" aria-label={t("keys.title")}>
                <thead className="text-xs text-muted">
                  <tr>
                    <th className="py-1 pr-2 font-semibold">{t("keys.key")}</th>
                    <th className="py-1 pr-2 font-semibold">{t("keys.lastUsed")}</th>
                    <th className="py-1 text-right font-semibold">
                      <span className="sr-only">{t("keys.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.length === 0 ? (
                    <tr>
                      <td colSpan={3} className="py-2 text-muted">
                        {t("keys.none")}
                      </td>
                    </tr>
                  ) : null}
                  {keys.map((key) => (
                    <tr key={key.id} className="border-t border-line align-top">
                      <td className="py-2 pr-2">
                        <span className="font-medium break-words">{key.name}</span>
                        <span className="block text-xs text-muted">
                          {key.plan} · {key.scopes.join(", ")} · <span className="font-mono">{key.prefix}…</span>
                        </span>
                      </td>
                      <td className="py-2 pr-2">
                        {key.last_used_at ? (
                          <Time iso={key.last_used_at} />
                        ) : (
                          <span className="text-muted">{t("never")}</span>
                        )}
                      </td>
                      <td className="py-2 text-right">
                        {key.revoked_at ? (
                          <span className="text-muted">
                            {t.rich("revoked", { time: () => <Time iso={key.revoked_at!} /> })}
                          </span>
                        ) : (
                          <RevokeButton path={`/labs/api/keys/${key.id}/revoke`} name={key.name} />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        </div>

        <div className="min-w-0 md:col-span-2">
          <Card title={t("usage.title")}>
            <form method="get" className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 grow basis-40 sm:grow-0">
                <label htmlFor="usage-key" className="block text-sm font-medium">
                  {t("usage.key")}
                </label>
                <Select id="usage-key" name="key" defaultValue={keyId ? String(keyId) : ""} className="mt-1">
                  <option value="">{t("usage.allKeys")}</option>
                  {keys.map((key) => (
                    <option key={key.id} value={key.id}>
                      {key.revoked_at ? t("usage.revokedKey", { name: key.name }) : key.name}
                    </option>
                  ))}
                </Select>
              </div>
              <button type="submit" className={buttonClass("secondary")}>
                {t("usage.filter")}
              </button>
            </form>
            <div className="relative mt-3 overflow-x-auto ui-b:mt-2">
              <table className="w-full text-left text-sm" aria-label={t("usage.title")}>
                <thead className="text-xs text-muted">
                  <tr>
                    <th className="py-1 pr-2 font-semibold">{t("usage.when")}</th>
                    <th className="py-1 pr-2 font-semibold">{t("usage.request")}</th>
                    <th className="py-1 text-right font-semibold">{t("usage.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {usage.length === 0 ? (
                    <tr>
                      <td colSpan={3} className="py-2 text-muted">
                        {keyId ? t("usage.noneWithThis") : t("usage.none")}
                      </td>
                    </tr>
                  ) : null}
                  {usage.map((entry) => (
                    <tr key={entry.id} className="border-t border-line align-top">
                      <td className="py-1.5 pr-2">
                        <Time iso={entry.created_at} />
                        <span className="block text-xs break-words text-muted">
                          {entry.key_name ?? actorName(entry.actor)}
                          {entry.client ? ` · ${entry.client}` : ""}
                        </span>
                      </td>
                      <td className="py-1.5 pr-2 font-mono text-xs break-all">
                        {entry.method} {entry.path}
                      </td>
                      <td
                        className={`py-1.5 text-right font-mono ${entry.status >= 400 ? "text-danger" : "text-success"}`}
                      >
                        {entry.status}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-muted">
              {t.rich("usage.more", {
                count: USAGE_ROWS,
                code: (chunks) => <code className="font-mono">{chunks}</code>,
              })}
            </p>
          </Card>
        </div>

        <div className="min-w-0 md:col-span-2">
          <Card title={t("variants.title")}>
            <VariantViewsChart from={views.from} to={views.to} rows={views.rows} />
            <p className="mt-2 text-sm" data-testid="variant-totals">
              {t.rich("variants.range", {
                from: () => <Time iso={views.from} style="date" />,
                to: () => <Time iso={views.to} style="date" />,
              })}{" "}
              {viewTotals.length
                ? viewTotals.map(([variant, total]) => `${variant} ${total}`).join(", ")
                : t("variants.none")}
            </p>
          </Card>
        </div>

        <div className="min-w-0 md:col-span-2">
          <AccountsCard />
        </div>

        <Card title={t("devices.title")}>
          <p className="mb-3 text-sm text-muted">
            {household ? t("devices.household") : t("devices.open")} {t("devices.once")}
          </p>
          <PairDeviceForm />
          <ul className="mt-4 divide-y divide-line" aria-label={t("devices.title")}>
            {devices.length === 0 ? <li className="py-2 text-sm text-muted">{t("devices.none")}</li> : null}
            {devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium break-words">{device.name}</span>
                  <span className="block text-xs text-muted">
                    {t.rich("devices.paired", { time: () => <Time iso={device.created_at} /> })}
                    {" · "}
                    {device.last_used_at
                      ? t.rich("devices.lastUsed", { time: () => <Time iso={device.last_used_at!} /> })
                      : t("devices.neverUsed")}
                  </span>
                </span>
                {device.revoked_at ? (
                  <span className="text-muted">
                    {t.rich("revoked", { time: () => <Time iso={device.revoked_at!} /> })}
                  </span>
                ) : (
                  <RevokeButton path={`/labs/api/devices/${device.id}/revoke`} name={device.name} />
                )}
              </li>
            ))}
          </ul>
        </Card>

        <Card title={t("webhooks.title")} id="webhooks">
          <p className="mb-3 text-sm text-muted">{t("webhooks.intro")}</p>
          <WebhooksManager webhooks={webhooks} />
        </Card>

        <Card title={t("channels.title")}>
          <p className="mb-3 text-sm text-muted">{t("channels.intro")}</p>
          <NotifyChannels channels={channels} />
        </Card>

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

        <Card title={t("session.title")}>
          <div className="flex flex-wrap gap-2">
            <form method="post" action="/admin/logout">
              <button type="submit" className={buttonClass("primary")}>
                {t("session.logOut")}
              </button>
            </form>
            <form method="post" action="/admin/logout">
              <input type="hidden" name="everywhere" value="1" />
              <button type="submit" className={buttonClass("secondary")}>
                {t("session.everywhere")}
              </button>
            </form>
          </div>
          <p className="mt-2 text-sm text-muted">{t("session.hint")}</p>
        </Card>
      </div>
    </>
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
