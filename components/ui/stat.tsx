export function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="surface rounded-lg border border-slate-200 bg-white px-3 py-2 ui-b:py-1">
      <div className="text-xs text-slate-500 break-words ui-d:text-slate-300">{label}</div>
      <div className="text-xl font-semibold tabular-nums ui-c:text-2xl">{value}</div>
    </div>
  );
}
