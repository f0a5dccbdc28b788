"use client";

import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { VariantViewRow } from "@/lib/labs/schemas";

// One colour per variant, distinct on white and on the black of variant d.
const COLORS: Record<string, string> = {
  a: "#64748b",
  b: "#2563eb",
  c: "#16a34a",
  d: "#f59e0b",
  e: "#db2777",
  f: "#7c3aed",
  g: "#0891b2",
  h: "#dc2626",
  i: "#65a30d",
  j: "#ea580c",
  k: "#0d9488",
  l: "#a21caf",
};

/** Page views per day, stacked by UI variant, for every day of the range (empty days included). */
export function VariantViewsChart({ from, to, rows }: { from: string; to: string; rows: VariantViewRow[] }) {
  const t = useTranslations("labs.admin.variants");
  const variants = [...new Set(rows.map((row) => row.variant))].sort();
  const data = daysBetween(from, to).map((day) => ({
    day: day.slice(5),
    ...Object.fromEntries(
      variants.map((variant) => [variant, rows.find((row) => row.day === day && row.variant === variant)?.views ?? 0]),
    ),
  }));
  return (
    <figure aria-label={t("chartLabel")} className="m-0 h-64 w-full text-muted">
      <BarChart responsive data={data} style={{ width: "100%", height: "100%" }} margin={{ left: -20, right: 4 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.2} />
        <XAxis dataKey="day" tick={{ fill: "currentColor", fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={{ fill: "currentColor", fontSize: 11 }} />
        <Tooltip
          contentStyle={{ backgroundColor: "var(--surface)", borderColor: "var(--line-strong)", color: "var(--fg)" }}
          labelStyle={{ color: "var(--fg)" }}
          cursor={{ fill: "currentColor", fillOpacity: 0.1 }}
        />
        <Legend
          wrapperStyle={{ fontSize: 12 }}
          formatter={(value) => <span style={{ color: "var(--fg)" }}>{String(value)}</span>}
        />
        {variants.map((variant) => (
          <Bar
            key={variant}
            dataKey={variant}
            name={t("variant", { letter: variant })}
            stackId="views"
            fill={COLORS[variant]}
          />
        ))}
      </BarChart>
    </figure>
  );
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}
