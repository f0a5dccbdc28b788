import type { Metadata } from "next";
import Link from "next/link";
import { TipsManager } from "@/components/ask/tips-manager";
import { MintKeyForm } from "@/components/labs/mint-key-form";
import { PairDeviceForm } from "@/components/labs/pair-device-form";
import { RestoreBackupForm } from "@/components/labs/restore-backup-form";
import { RevokeButton } from "@/components/labs/revoke-button";
import { VariantViewsChart } from "@/components/labs/variant-views-chart";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { listDecisionsReady, listPendingTodos } from "@/lib/ask/list-todos";
import { listApiKeys } from "@/lib/auth/api-keys";
import { listApiUsage } from "@/lib/auth/api-usage";
import { listDevices } from "@/lib/auth/devices";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { API_PLANS } from "@/lib/auth/plans";
import { env } from "@/lib/env";
import { idParam } from "@/lib/http/ids";
import { buildStatus } from "@/lib/labs/status";
import { tablesWithHouseholdData } from "@/lib/labs/restore-backup";
import { listVariantViews } from "@/lib/labs/variant-views";
import { requestVariant } from "@/lib/labs/request-variant";

export const metadata: Metadata = { title: "Admin" };

const USAGE_ROWS = 50;
const QUEUE_ROWS = 3;

export default async function OperatorPage({ searchParams }: { searchParams: Promise<{ key?: string | string[] }> }) {
  await requireOperatorPage("/admin/operator");
  const { prefix } = await requestVariant();
  const keyFilter = idParam.safeParse((await searchParams).key);
  const keyId = keyFilter.success ? keyFilter.data : undefined;
  const [status, keys, usage, views, pending, decisions, devices, holding] = await Promise.all([
    buildStatus({ detailed: true }),
    listApiKeys(),
    listApiUsage({ keyId, limit: USAGE_ROWS }),
    listVariantViews(),
    listPendingTodos({ limit: QUEUE_ROWS }),
    listDecisionsReady({ limit: 0 }),
    listDevices(),
    tablesWithHouseholdData(),
  ]);
  const household = env().LABS_ACCESS === "household";
  const plans = Object.entries(API_PLANS).map(([name, plan]) => ({ name, perMinute: plan.requestsPerMinute }));
  const viewTotals = Object.entries(
    views.rows.reduce<Record<string, number>>((totals, row) => {
      totals[row.variant] = (totals[row.variant] ?? 0) + row.views;
      return totals;
    }, {}),
  ).sort(([a], [b]) => a.localeCompare(b));

  return (
    <>
      <PageHeader title="Admin">
        The ask queue and tips, API keys and their use, UI variants, health, and the session.
      </PageHeader>
      <div className="grid gap-4 md:grid-cols-2 ui-b:gap-2">
        <Card title="Health and status">
          <p data-testid="admin-health" className={status.ok ? "text-green-700" : "text-red-700"}>
            {status.ok ? "All good" : status.database.ok ? "Migrations need attention" : "Database not answering"}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Release</dt>
            <dd className="font-mono break-all">
              {status.release}
              {status.commit ? <span className="text-slate-500"> ({status.commit})</span> : null}
            </dd>
            <dt className="text-slate-500">Up</dt>
            <dd>
              {formatDuration(status.uptime_seconds)}, since{" "}
              <time dateTime={status.started_at}>{formatTime(status.started_at)}</time>
            </dd>
            <dt className="text-slate-500">Database</dt>
            <dd>
              {status.database.kind === "pglite" ? "embedded (PGlite)" : "PostgreSQL"},{" "}
              {status.database.ok ? "answering" : "down"}
            </dd>
            <dt className="text-slate-500">Migrations</dt>
            <dd>
              {status.migrations.applied.length} applied
              {status.migrations.pending.length
                ? `, pending: ${status.migrations.pending.join(", ")}`
                : ", none pending"}
              {status.migrations.failed.length ? `, failed: ${status.migrations.failed.join(", ")}` : null}
            </dd>
          </dl>
          {status.counts ? (
            <div className="mt-3 grid grid-cols-3 gap-2">
              <Stat label="Scans" value={status.counts.scan.scans} />
              <Stat label="Pending asks" value={status.counts.ask.pending} />
              <Stat label="Observations" value={status.counts.research.observations} />
            </div>
          ) : null}
          <p className="mt-3 text-sm">
            <a href="/labs/status" className="text-brand underline">
              /labs/status
            </a>{" "}
            ·{" "}
            <a href="/labs/healthz" className="text-brand underline">
              /labs/healthz
            </a>{" "}
            ·{" "}
            <a href={`${prefix}/api/docs`} className="text-brand underline">
              API reference
            </a>
          </p>
        </Card>

        <Card title="Ask queue and tips">
          <div className="grid grid-cols-2 gap-2" data-testid="ask-counts">
            <Stat label="Pending asks" value={pending.count} />
            <Stat label="Decisions ready" value={decisions.count} />
          </div>
          {pending.todos.length ? (
            <ol className="mt-2 space-y-1 text-sm" aria-label="Top of the queue">
              {pending.todos.map((todo) => (
                <li key={todo.id} className="flex gap-2">
                  <span className="shrink-0 font-semibold">#{todo.id}</span>
                  <Link href={`${prefix}/base-ask/queue#todo-${todo.id}`} className="block min-w-0 truncate text-brand">
                    {todo.text}
                  </Link>
                </li>
              ))}
            </ol>
          ) : null}
          <p className="mt-2 text-sm">
            <Link href={`${prefix}/base-ask/queue`} className="font-medium text-brand underline">
              Manage the queue
            </Link>{" "}
            ·{" "}
            <Link href={`${prefix}/base-ask/queue?tab=decisions`} className="font-medium text-brand underline">
              Decisions
            </Link>
          </p>
          {/* Two dozen starter tips would bury the rest of the page: folded until wanted. */}
          <details className="mt-4">
            <summary className="cursor-pointer py-1 text-sm font-semibold text-brand ui-d:text-yellow-300">
              Tips in the ticker: add and remove
            </summary>
            <div className="mt-2">
              <TipsManager />
            </div>
          </details>
        </Card>

        <div className="min-w-0 md:col-span-2">
          <Card title="API keys">
            <MintKeyForm plans={plans} />
            <div className="relative mt-4 overflow-x-auto ui-b:mt-2">
              <table className="w-full text-left text-sm" aria-label="API keys">
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th className="py-1 pr-2 font-medium">Key</th>
                    <th className="py-1 pr-2 font-medium">Last used (UTC)</th>
                    <th className="py-1 text-right font-medium" aria-label="Actions" />
                  </tr>
                </thead>
                <tbody>
                  {keys.length === 0 ? (
                    <tr>
                      <td colSpan={3} className="py-2 text-slate-500">
                        No keys yet. Mint one for each agent or script.
                      </td>
                    </tr>
                  ) : null}
                  {keys.map((key) => (
                    <tr key={key.id} className="border-t border-slate-200 align-top">
                      <td className="py-2 pr-2">
                        <span className="font-medium break-words">{key.name}</span>
                        <span className="block text-xs text-slate-500">
                          {key.plan} · {key.scopes.join(", ")} · <span className="font-mono">{key.prefix}…</span>
                        </span>
                      </td>
                      <td className="py-2 pr-2">
                        {key.last_used_at ? (
                          formatTime(key.last_used_at)
                        ) : (
                          <span className="text-slate-500">never</span>
                        )}
                      </td>
                      <td className="py-2 text-right">
                        {key.revoked_at ? (
                          <span className="text-slate-500">revoked {formatTime(key.revoked_at)}</span>
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
          <Card title="Usage log">
            <form method="get" className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor="usage-key" className="block text-sm font-medium">
                  Key
                </label>
                <select
                  id="usage-key"
                  name="key"
                  defaultValue={keyId ? String(keyId) : ""}
                  className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
                >
                  <option value="">All keys</option>
                  {keys.map((key) => (
                    <option key={key.id} value={key.id}>
                      {key.name}
                      {key.revoked_at ? " (revoked)" : ""}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium">
                Filter
              </button>
            </form>
            <div className="relative mt-3 overflow-x-auto ui-b:mt-2">
              <table className="w-full text-left text-sm" aria-label="Usage log">
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th className="py-1 pr-2 font-medium">Time (UTC), key</th>
                    <th className="py-1 pr-2 font-medium">Request</th>
                    <th className="py-1 text-right font-medium">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {usage.length === 0 ? (
                    <tr>
                      <td colSpan={3} className="py-2 text-slate-500">
                        No requests with {keyId ? "this key" : "a key"} yet.
                      </td>
                    </tr>
                  ) : null}
                  {usage.map((entry) => (
                    <tr key={entry.id} className="border-t border-slate-200 align-top">
                      <td className="py-1.5 pr-2">
                        <span className="whitespace-nowrap">{formatTime(entry.created_at)}</span>
                        <span className="block text-xs break-words text-slate-500">
                          {entry.key_name}
                          {entry.client ? ` · ${entry.client}` : ""}
                        </span>
                      </td>
                      <td className="py-1.5 pr-2 font-mono text-xs break-all">
                        {entry.method} {entry.path}
                      </td>
                      <td
                        className={`py-1.5 text-right font-mono ${entry.status >= 400 ? "text-red-700" : "text-green-700"}`}
                      >
                        {entry.status}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-slate-500">
              The newest {USAGE_ROWS}; all of them at <code className="font-mono">/labs/api/usage</code>.
            </p>
          </Card>
        </div>

        <div className="min-w-0 md:col-span-2">
          <Card title="UI variants: page views per day">
            <VariantViewsChart from={views.from} to={views.to} rows={views.rows} />
            <p className="mt-2 text-sm" data-testid="variant-totals">
              {views.from} to {views.to}:{" "}
              {viewTotals.length
                ? viewTotals.map(([variant, total]) => `${variant} ${total}`).join(", ")
                : "no views yet"}
            </p>
          </Card>
        </div>

        <Card title="Paired devices">
          <p className="mb-3 text-sm text-slate-600 ui-d:text-slate-300">
            {household
              ? "Labs is in household mode: only the operator, API keys and paired phones get in."
              : "Labs is open (LABS_ACCESS=open). Pairing matters once it runs with LABS_ACCESS=household."}{" "}
            A pairing code works once, for ten minutes.
          </p>
          <PairDeviceForm />
          <ul className="mt-4 divide-y divide-slate-200" aria-label="Paired devices">
            {devices.length === 0 ? <li className="py-2 text-sm text-slate-500">No paired devices yet.</li> : null}
            {devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium break-words">{device.name}</span>
                  <span className="block text-xs text-slate-500">
                    paired {formatTime(device.created_at)} · last used{" "}
                    {device.last_used_at ? formatTime(device.last_used_at) : "never"}
                  </span>
                </span>
                {device.revoked_at ? (
                  <span className="text-slate-500">revoked {formatTime(device.revoked_at)}</span>
                ) : (
                  <RevokeButton path={`/labs/api/devices/${device.id}/revoke`} name={device.name} />
                )}
              </li>
            ))}
          </ul>
        </Card>

        <Card title="Backup and restore">
          <p className="text-sm">
            One file with everything: cards, scans and invoices, the ask queue with its attachments, research, keys and
            paired phones. It holds tax numbers and card numbers: keep it as private as the server.
          </p>
          <a
            href="/labs/api/backup"
            download
            className="mt-3 inline-flex min-h-12 items-center rounded-lg bg-brand px-4 py-2 font-medium text-white"
          >
            Download a backup
          </a>
          <h3 className="mt-4 text-sm font-semibold">Restore</h3>
          {holding.length === 0 ? (
            <>
              <p className="mb-2 text-sm text-slate-600 ui-d:text-slate-300">
                This install holds no household data yet: restore a backup into it.
              </p>
              <RestoreBackupForm />
            </>
          ) : (
            <p className="text-sm text-slate-600 ui-d:text-slate-300" data-testid="restore-refused">
              A backup is restored only into a new, empty install, never over a household&apos;s data. Start a new
              install (or run <code>npm run restore</code> against a new database) and restore there.
            </p>
          )}
        </Card>

        <Card title="Session">
          <div className="flex flex-wrap gap-2">
            <form method="post" action="/admin/logout">
              <button
                type="submit"
                className="rounded-lg bg-slate-800 px-4 py-2 font-medium text-white hover:bg-slate-700 ui-d:bg-white ui-d:text-black"
              >
                Log out
              </button>
            </form>
            <form method="post" action="/admin/logout">
              <input type="hidden" name="everywhere" value="1" />
              <button
                type="submit"
                className="rounded-lg border border-slate-800 px-4 py-2 font-medium text-slate-900 hover:bg-slate-100 ui-d:border-white ui-d:text-white ui-d:hover:bg-slate-900"
              >
                Log out everywhere
              </button>
            </form>
          </div>
          <p className="mt-2 text-sm text-slate-600 ui-d:text-slate-300">
            Ends every operator session, on every device; changing the password does the same.
          </p>
        </Card>
      </div>
    </>
  );
}

/** `2026-11-21 14:05` in UTC: the same on every instance and in the log. */
function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}
