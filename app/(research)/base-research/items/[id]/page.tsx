import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AvailabilityBadge, OutLink, Price, SessionLink } from "@/components/research/bits";
import { ScrollBox, td, th } from "@/components/research/observation-table";
import { PriceChart, type PriceSeries } from "@/components/research/price-chart";
import { Card } from "@/components/ui/card";
import { AppLink } from "@/components/ui/link";
import { OriginTag } from "@/components/ui/origin-tag";
import { PageHeader } from "@/components/ui/page-header";
import { Time } from "@/components/ui/time";
import { WatchButton } from "@/components/watches/watch-button";
import { requireOperatorPage } from "@/lib/auth/operator-page";
import { AppError } from "@/lib/http/errors";
import { idParam } from "@/lib/http/wire";
import { getItemDetailOrThrow } from "@/lib/research/get-item";
import type { ItemDetail } from "@/lib/research/schemas";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("research.item");
  return { title: t("metaTitle") };
}

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
    if (obs.price === null) continue;
    const series = bySource.get(obs.source) ?? { source: obs.source, currency: obs.currency, points: [] };
    series.points.push({
      t: Date.parse(obs.observed_at),
      price: Number(obs.price),
      amount: obs.price,
      br_id: obs.br_id,
    });
    bySource.set(obs.source, series);
  }
  return [...bySource.values()].sort((a, b) => a.source.localeCompare(b.source));
}

/** Category and spec, a stranger's marked as such (anyone's may fill a blank; docs/contract.md). */
function ItemFields({ item, empty }: { item: ItemDetail["item"]; empty: string }) {
  const fields = [
    [item.item_category, item.origins.item_category],
    [item.item_spec, item.origins.item_spec],
  ].filter((field): field is [string, string | null] => field[0] !== null);
  if (fields.length === 0) return empty;
  return fields.map(([value, origin], index) => (
    <span key={index}>
      {index > 0 ? " · " : null}
      {value}
      {origin === "anonymous" ? (
        <>
          {" "}
          <span className="text-xs">
            <OriginTag origin={origin} />
          </span>
        </>
      ) : null}
    </span>
  ));
}

export default async function ResearchItemPage({ params }: Props) {
  const { id } = await params;
  await requireOperatorPage(`/base-research/items/${id}`);
  const [detail, t, tTable] = await Promise.all([
    loadItem(id),
    getTranslations("research.item"),
    getTranslations("research.table"),
  ]);
  const { item, observations, by_source } = detail;
  const series = chartSeries(detail);
  const priced = series.reduce((sum, s) => sum + s.points.length, 0);

  return (
    <>
      <AppLink href="/base-research/" look="standalone" className="text-sm">
        ← {t("back")}
      </AppLink>
      <PageHeader title={item.item_name}>
        <ItemFields item={item} empty={t("noSpec")} />
      </PageHeader>
      <div className="mb-4">
        <WatchButton target={{ research_item_id: item.item_id }} />
      </div>

      <div className="space-y-4 ui-b:space-y-2">
        <Card title={t("history")}>
          <PriceChart
            series={series}
            label={t("chartLabel", { item: item.item_name, priced, sources: series.length })}
          />
        </Card>

        <Card title={t("bySource")}>
          {by_source.length === 0 ? (
            <p className="text-sm text-muted">{t("noObservations")}</p>
          ) : (
            <ul className="divide-y divide-line" data-testid="by-source">
              {by_source.map((row) => (
                <li key={row.source} className="py-2 text-sm" data-source={row.source}>
                  <div className="flex items-start justify-between gap-2">
                    <span className="min-w-0 font-medium break-words">{row.source}</span>
                    <AvailabilityBadge availability={row.availability} />
                  </div>
                  <div className="mt-0.5 flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                    <span>
                      <span className="sr-only">{t("latest")} </span>
                      <span className="text-base font-semibold">
                        <Price amount={row.latest_price} currency={row.currency} />
                      </span>
                      {row.origins.latest_price === "anonymous" ? (
                        <>
                          {" "}
                          <span className="text-xs">
                            <OriginTag origin="anonymous" />
                          </span>
                        </>
                      ) : null}
                    </span>
                    <span className="text-xs text-muted">
                      {t("min")} <Price amount={row.min_price} currency={row.currency} /> · {t("max")}{" "}
                      <Price amount={row.max_price} currency={row.currency} />
                    </span>
                    <span className="text-xs text-muted">
                      {t.rich("seen", { time: () => <Time iso={row.last_observed_at} /> })}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t("observations", { count: observations.length })}>
          <ScrollBox label={t("observations", { count: observations.length })}>
            <table className="w-full text-sm" data-testid="item-observations">
              <thead>
                <tr className="border-b border-line">
                  <th className={th}>{tTable("seen")}</th>
                  <th className={th}>{tTable("source")}</th>
                  <th className={`${th} text-right`}>{tTable("price")}</th>
                  <th className={`${th} hidden md:table-cell`}>{tTable("condition")}</th>
                  <th className={`${th} hidden md:table-cell`}>{tTable("session")}</th>
                  <th className={`${th} hidden lg:table-cell`}>{tTable("notes")}</th>
                  <th className={th}>
                    <span className="sr-only">{tTable("link")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {observations.map((obs) => (
                  <tr key={obs.obs_id} className="border-b border-line last:border-0" data-br-id={obs.br_id}>
                    <td className={`${td} text-xs`}>
                      <Time iso={obs.observed_at} />
                    </td>
                    <td className={`${td} break-words`}>
                      {obs.source}
                      <div className="font-mono text-xs break-all text-muted">{obs.br_id}</div>
                      <div className="text-xs text-muted">
                        <OriginTag origin={obs.origin} />
                      </div>
                    </td>
                    <td className={`${td} text-right`}>
                      <Price amount={obs.price} currency={obs.currency} />
                      <div>
                        <AvailabilityBadge availability={obs.availability} />
                      </div>
                    </td>
                    <td className={`${td} hidden md:table-cell`}>
                      {obs.condition ? tTable(`conditions.${obs.condition}`) : "—"}
                    </td>
                    <td className={`${td} hidden md:table-cell`}>
                      {obs.session_slug ? <SessionLink slug={obs.session_slug} /> : "—"}
                    </td>
                    <td className={`${td} hidden max-w-64 break-words lg:table-cell`}>{obs.notes ?? ""}</td>
                    <td className={`${td} py-0 text-right`}>
                      <OutLink url={obs.url} item={item.item_name} source={obs.source} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </Card>
      </div>
    </>
  );
}
