import type { ReactNode } from "react";

export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="surface min-w-0 rounded-lg border border-line bg-surface px-3 py-2 ui-b:py-1">
      <div className="text-xs break-words hyphens-auto text-muted">{label}</div>
      <div className="text-xl font-semibold tabular-nums ui-c:text-2xl">{value}</div>
    </div>
  );
}
