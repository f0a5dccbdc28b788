"use client";

import { useSyncExternalStore } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type PriceSeries = {
  source: string;
  currency: string;
  /** Oldest first; one per priced observation. */
  points: { t: number; price: number; price_fmt: string; br_id: string }[];
};

// Distinguishable on white and on the dark variant, and for the common
// kinds of colour blindness (Okabe–Ito).
const COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"];
const HEIGHT = 280;
const DAY = 86_400_000;

const noSubscription = () => () => {};
const dayMonth = new Intl.DateTimeFormat("pt-PT", { day: "2-digit", month: "2-digit" });
const hourMinute = new Intl.DateTimeFormat("pt-PT", { hour: "2-digit", minute: "2-digit" });
const full = new Intl.DateTimeFormat("pt-PT", { dateStyle: "short", timeStyle: "short" });

/**
 * Price history of one item, one line per source and a dot per priced
 * observation (recharts). Drawn in the browser only: it needs the width it
 * gets and the reader's time zone, neither of which the server knows.
 */
export function PriceChart({ series, label }: { series: PriceSeries[]; label: string }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const times = series.flatMap((s) => s.points.map((p) => p.t));
  if (times.length === 0) return <p className="text-sm text-slate-500">No prices observed yet.</p>;

  let min = Math.min(...times);
  let max = Math.max(...times);
  // One moment only (a single observation): give the axis a day each side.
  if (max - min < 60_000) {
    min -= DAY;
    max += DAY;
  }
  const shortSpan = max - min < 2 * DAY;
  const currencies = new Set(series.map((s) => s.currency));
  const axisMoney =
    currencies.size === 1
      ? new Intl.NumberFormat("pt-PT", { style: "currency", currency: [...currencies][0], maximumFractionDigits: 0 })
      : new Intl.NumberFormat("pt-PT", { maximumFractionDigits: 0 });

  return (
    <figure role="img" aria-label={label} className="m-0" style={{ minHeight: HEIGHT }} data-testid="price-chart">
      {hydrated ? (
        <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 320, height: HEIGHT }}>
          <LineChart margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={[min, max]}
              tickCount={4}
              tickFormatter={(t: number) => (shortSpan ? hourMinute : dayMonth).format(t)}
              tick={{ fontSize: 12 }}
              allowDuplicatedCategory={false}
            />
            <YAxis
              dataKey="price"
              width={64}
              tickCount={4}
              domain={["auto", "auto"]}
              tickFormatter={(value: number) => axisMoney.format(value)}
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              labelFormatter={(t) => full.format(Number(t))}
              formatter={(_value, name, entry) => [
                (entry.payload as PriceSeries["points"][number]).price_fmt,
                String(name),
              ]}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {series.map((s, index) => (
              <Line
                key={s.source}
                className="price-line"
                data={s.points}
                dataKey="price"
                name={s.source}
                type="linear"
                stroke={COLORS[index % COLORS.length]}
                strokeWidth={2}
                dot={{ r: 3, strokeWidth: 1, fill: COLORS[index % COLORS.length] }}
                activeDot={{ r: 5 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      ) : null}
    </figure>
  );
}
