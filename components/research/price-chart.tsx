"use client";

import { useLocale, useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useUi } from "@/components/ui/ui-context";
import { formatDate, formatMoney, formatNumber } from "@/lib/i18n/format";

export type PriceSeries = {
  source: string;
  currency: string;
  /** Oldest first; one per priced observation; `price` as the API writes it ("12.50"). */
  points: { t: number; price: number; amount: string; br_id: string }[];
};

// Told apart on the page's background (3:1 at least, for lines and dots) and
// for the common kinds of colour blindness: Okabe–Ito, darkened on white,
// brightened on the black of variant d.
const ON_LIGHT = ["#0072B2", "#C24F00", "#007A5A", "#A8508A", "#000000", "#7A5C00", "#5A4FCF", "#555555"];
const ON_DARK = ["#56B4E9", "#E69F00", "#2ED3A0", "#F08CC8", "#F0E442", "#FFFFFF", "#B4A8FF", "#FF8A65"];
const HEIGHT = 280;
const DAY = 86_400_000;

const noSubscription = () => () => {};
const dayMonth = new Map<string, Intl.DateTimeFormat>();

function dayMonthOf(locale: string): Intl.DateTimeFormat {
  let format = dayMonth.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit" });
    dayMonth.set(locale, format);
  }
  return format;
}

/**
 * Price history of one item, one line per source and a dot per priced
 * observation (recharts). Drawn in the browser only: it needs the width it
 * gets and the reader's time zone, neither of which the server knows.
 */
export function PriceChart({ series, label }: { series: PriceSeries[]; label: string }) {
  const t = useTranslations("research.chart");
  const locale = useLocale();
  const { variant } = useUi();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const times = series.flatMap((s) => s.points.map((p) => p.t));
  if (times.length === 0) return <p className="text-sm text-muted">{t("empty")}</p>;

  const colors = variant === "d" ? ON_DARK : ON_LIGHT;
  let min = Math.min(...times);
  let max = Math.max(...times);
  // One moment only (a single observation): give the axis a day each side.
  if (max - min < 60_000) {
    min -= DAY;
    max += DAY;
  }
  const shortSpan = max - min < 2 * DAY;
  const currencies = new Set(series.map((s) => s.currency));
  const onlyCurrency = currencies.size === 1 ? [...currencies][0] : undefined;
  const axisMoney = (value: number) =>
    formatNumber(
      locale,
      value,
      onlyCurrency
        ? { style: "currency", currency: onlyCurrency, maximumFractionDigits: 0 }
        : { maximumFractionDigits: 0 },
    );
  const currencyOf = new Map(series.map((s) => [s.source, s.currency]));

  return (
    <figure
      role="img"
      aria-label={label}
      className="m-0 text-muted"
      style={{ minHeight: HEIGHT }}
      data-testid="price-chart"
    >
      {hydrated ? (
        <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 320, height: HEIGHT }}>
          <LineChart margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.3} />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={[min, max]}
              tickCount={4}
              tickFormatter={(time: number) =>
                shortSpan ? formatDate(locale, new Date(time), "time") : dayMonthOf(locale).format(time)
              }
              tick={{ fontSize: 12, fill: "currentColor" }}
              stroke="currentColor"
              allowDuplicatedCategory={false}
            />
            <YAxis
              dataKey="price"
              width={64}
              tickCount={4}
              domain={["auto", "auto"]}
              tickFormatter={axisMoney}
              tick={{ fontSize: 12, fill: "currentColor" }}
              stroke="currentColor"
            />
            <Tooltip
              contentStyle={{
                backgroundColor: "var(--surface)",
                borderColor: "var(--line-strong)",
                color: "var(--fg)",
              }}
              labelStyle={{ color: "var(--fg)" }}
              labelFormatter={(time) => formatDate(locale, new Date(Number(time)), "dateTime")}
              formatter={(_value, name, entry) => [
                formatMoney(
                  locale,
                  (entry.payload as PriceSeries["points"][number]).amount,
                  currencyOf.get(String(name)) ?? "EUR",
                ),
                String(name),
              ]}
            />
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              formatter={(value) => <span style={{ color: "var(--fg)" }}>{String(value)}</span>}
            />
            {series.map((s, index) => (
              <Line
                key={s.source}
                className="price-line"
                data={s.points}
                dataKey="price"
                name={s.source}
                type="linear"
                stroke={colors[index % colors.length]}
                strokeWidth={2}
                dot={{ r: 3, strokeWidth: 1, fill: colors[index % colors.length] }}
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
