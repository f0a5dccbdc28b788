import type { AccountUsageJson } from "@/lib/accounts/schemas";

/** Calls a day and by route as bars, each with its number written out (no colour alone says anything). */
export function UsageBars({
  usage,
  labels,
}: {
  usage: AccountUsageJson;
  labels: { days: string; routes: string; none: string };
}) {
  if (usage.days.length === 0) return <p className="text-sm text-muted">{labels.none}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Bars title={labels.days} rows={usage.days.map((row) => ({ label: row.day, calls: row.calls }))} />
      <Bars title={labels.routes} rows={usage.routes.map((row) => ({ label: row.path, calls: row.calls }))} />
    </div>
  );
}

function Bars({ title, rows }: { title: string; rows: { label: string; calls: number }[] }) {
  const most = Math.max(1, ...rows.map((row) => row.calls));
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-medium text-fg">{title}</figcaption>
      <ul className="space-y-1">
        {rows.map((row) => (
          <li key={row.label} className="text-xs text-fg">
            <div className="flex justify-between gap-2">
              <span className="truncate font-mono">{row.label}</span>
              <span className="tabular-nums">{row.calls}</span>
            </div>
            <div className="h-2 rounded bg-sunken" aria-hidden="true">
              <div className="h-2 rounded bg-accent" style={{ width: `${(row.calls / most) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}
