import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AvailabilityBadge, OutLink, Price, SessionLink } from "@/components/research/bits";
import { td, th } from "@/components/research/observation-table";
import { PriceChart, type PriceSeries } from "@/components/research/price-chart";
import { When } from "@/components/research/when";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { AppError } from "@/lib/http/errors";
import { idParam } from "@/lib/http/ids";
import { requestVariant } from "@/lib/labs/request-variant";
import { formatPriceFmt } from "@/lib/research/format";
import { getItemDetailOrThrow } from "@/lib/research/get-item";
import type { ItemDetail } from "@/lib/research/schemas";
import { OriginTag } from "@/components/ui/origin-tag";

export const metadata: Metadata = { title: "Research item" };

type Props = { params: Promise<{ id: string }> };

async function loadItem(rawId: string): Promise<ItemDetail> {
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  try {
    return await getItemDetailOrThrow({ id: id.data });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

/** One series per source, oldest point first, priced observations only. */
function chartSeries(detail: ItemDetail): PriceSeries[] {
  const bySource = new Map<string, PriceSeries>();
  for (const obs of [...detail.observations].reverse()) {
    if (obs.price === null || obs.price_fmt === null) continue;
    const series = bySource.get(obs.source) ?? { source: obs.source, currency: obs.currency, points: [] };
    series.points.push({
      t: Date.parse(obs.observed_at),
      price: Number(obs.price),
      price_fmt: obs.price_fmt,
      br_id: obs.br_id,
    });
    bySource.set(obs.source, series);
  }
  return [...bySource.values()].sort((a, b) => a.source.localeCompare(b.source));
}

const money = (price: string | null, currency: string | null) =>
  price === null ? null : formatPriceFmt(price, currency ?? "EUR");

export default async function ResearchItemPage({ params }: Props) {
  const { id } = await params;
  await requireOperatorPage(`/base-research/items/${id}`);
  const [detail, { prefix }] = await Promise.all([loadItem(id), requestVariant()]);
  const { item, observations, by_source } = detail;
  const series = chartSeries(detail);
  const priced = series.reduce((sum, s) => sum + s.points.length, 0);

  return (
    <>
      <Link href={`${prefix}/base-research/`} className="text-sm text-brand hover:underline">
        ← Research
      </Link>
      <PageHeader title={item.item_name}>
        {[item.item_category, item.item_spec].filter(Boolean).join(" · ") || "No category or spec given."}
      </PageHeader>

      <div className="space-y-4 ui-b:space-y-2">
        <Card title="Price history">
          <PriceChart
            series={series}
            label={`Price history of ${item.item_name}: ${priced} priced observations from ${series.length} ${series.length === 1 ? "source" : "sources"}`}
          />
        </Card>

        <Card title="By source">
          {by_source.length === 0 ? (
            <p className="text-sm text-slate-500">No observations yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="by-source">
              {by_source.map((row) => (
                <li key={row.source} className="py-2 text-sm" data-source={row.source}>
                  <div className="flex items-start justify-between gap-2">
                    <span className="min-w-0 font-medium break-words">{row.source}</span>
                    <AvailabilityBadge availability={row.availability} />
                  </div>
                  <div className="mt-0.5 flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                    <span>
                      <span className="sr-only">Latest </span>
                      <span className="text-base font-semibold">
                        <Price text={money(row.latest_price, row.currency)} />
                      </span>
                    </span>
                    <span className="text-xs text-slate-500 ui-d:text-slate-300">
                      min <Price text={money(row.min_price, row.currency)} /> · max{" "}
                      <Price text={money(row.max_price, row.currency)} />
                    </span>
                    <span className="text-xs text-slate-500 ui-d:text-slate-300">
                      seen <When iso={row.last_observed_at} />
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={`Observations (${observations.length})`}>
          <div className="-mx-2 overflow-x-auto">
            <table className="w-full text-sm" data-testid="item-observations">
              <thead>
                <tr className="border-b border-slate-200">
                  <th className={th}>Seen</th>
                  <th className={th}>Source</th>
                  <th className={`${th} text-right`}>Price</th>
                  <th className={`${th} hidden md:table-cell`}>Condition</th>
                  <th className={`${th} hidden md:table-cell`}>Session</th>
                  <th className={`${th} hidden lg:table-cell`}>Notes</th>
                  <th className={th}>
                    <span className="sr-only">Link</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {observations.map((obs) => (
                  <tr key={obs.obs_id} className="border-b border-slate-100 last:border-0" data-br-id={obs.br_id}>
                    <td className={`${td} text-xs`}>
                      <When iso={obs.observed_at} />
                    </td>
                    <td className={`${td} break-words`}>
                      {obs.source}
                      <div className="font-mono text-xs whitespace-nowrap text-slate-500 ui-d:text-slate-300">
                        {obs.br_id}
                      </div>
                      <div className="text-xs text-slate-500 ui-d:text-slate-300">
                        <OriginTag origin={obs.origin} />
                      </div>
                    </td>
                    <td className={`${td} text-right`}>
                      <Price text={obs.price_fmt} />
                      <div>
                        <AvailabilityBadge availability={obs.availability} />
                      </div>
                    </td>
                    <td className={`${td} hidden md:table-cell`}>{obs.condition ?? "—"}</td>
                    <td className={`${td} hidden md:table-cell`}>
                      {obs.session_slug ? <SessionLink prefix={prefix} slug={obs.session_slug} /> : "—"}
                    </td>
                    <td className={`${td} hidden max-w-64 break-words lg:table-cell`}>{obs.notes ?? ""}</td>
                    <td className={`${td} py-0 text-right`}>
                      <OutLink url={obs.url} label={`${item.item_name} at ${obs.source}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      </div>
    </>
  );
}
