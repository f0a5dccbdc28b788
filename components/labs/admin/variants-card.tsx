import { getTranslations } from "next-intl/server";
import { VariantViewsChart } from "@/components/labs/variant-views-chart";
import { Card } from "@/components/ui/card";
import { Time } from "@/components/ui/time";
import { listVariantViews } from "@/lib/labs/variant-views";

/** The admin page's UI variants: views per variant and day. */
export async function VariantsCard() {
  const [views, t] = await Promise.all([listVariantViews(), getTranslations("labs.admin")]);
  const viewTotals = Object.entries(
    views.rows.reduce<Record<string, number>>((totals, row) => {
      totals[row.variant] = (totals[row.variant] ?? 0) + row.views;
      return totals;
    }, {}),
  ).sort(([a], [b]) => a.localeCompare(b));
  return (
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
  );
}
