import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { formatPriceFmt, isoTime } from "@/lib/research/format";
import type { Availability, ItemDetail } from "@/lib/research/schemas";

/** Observations listed on an item; min/max/latest per source cover them all. */
export const ITEM_OBSERVATIONS_LIMIT = 1000;

/**
 * One item with its observations, newest first, and per source the latest,
 * lowest and highest price and the latest availability (docs/contract.md,
 * "Research"). Three queries whatever the number of observations. Each field
 * the agent reads says whose it is (`origins`,
 * docs/decisions/005-origins-and-anonymous-limits.md).
 */
export async function getItemDetailOrThrow({ id }: { id: number }): Promise<ItemDetail> {
  const prisma = db();
  const item = await prisma.item.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      category: true,
      spec: true,
      origin: true,
      categoryOrigin: true,
      specOrigin: true,
      createdAt: true,
    },
  });
  if (!item) throw new AppError("not_found", errorText("research.itemNotFound", { id }));

  const [observations, bySource] = await Promise.all([
    prisma.observation.findMany({
      where: { itemId: id },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      take: ITEM_OBSERVATIONS_LIMIT,
      select: {
        id: true,
        brId: true,
        source: true,
        condition: true,
        price: true,
        currency: true,
        url: true,
        availability: true,
        notes: true,
        origin: true,
        observedAt: true,
        session: { select: { slug: true } },
      },
    }),
    // "latest" is the newest observation that has a price; availability is
    // the newest observation's, priced or not. Each comes with the origin of
    // the observation it was read from; of several observations at the
    // lowest (or highest) price, a trusted one's, so a price the household
    // saw too reads as the household's.
    prisma.$queryRaw<
      {
        source: string;
        latest_price: string | null;
        min_price: string | null;
        max_price: string | null;
        currency: string | null;
        availability: Availability;
        last_observed_at: Date;
        latest_price_origin: string | null;
        min_price_origin: string | null;
        max_price_origin: string | null;
        availability_origin: string;
      }[]
    >`
      SELECT source,
             ((array_agg(price ORDER BY observed_at DESC, id DESC) FILTER (WHERE price IS NOT NULL))[1])::text AS latest_price,
             min(price)::text AS min_price,
             max(price)::text AS max_price,
             (array_agg(currency ORDER BY observed_at DESC, id DESC) FILTER (WHERE price IS NOT NULL))[1] AS currency,
             (array_agg(availability ORDER BY observed_at DESC, id DESC))[1] AS availability,
             max(observed_at) AS last_observed_at,
             (array_agg(origin ORDER BY observed_at DESC, id DESC) FILTER (WHERE price IS NOT NULL))[1] AS latest_price_origin,
             (array_agg(origin ORDER BY price, (origin = 'anonymous' OR origin LIKE 'account:%'), observed_at DESC, id DESC)
                FILTER (WHERE price IS NOT NULL))[1] AS min_price_origin,
             (array_agg(origin ORDER BY price DESC, (origin = 'anonymous' OR origin LIKE 'account:%'), observed_at DESC, id DESC)
                FILTER (WHERE price IS NOT NULL))[1] AS max_price_origin,
             (array_agg(origin ORDER BY observed_at DESC, id DESC))[1] AS availability_origin
      FROM observation
      WHERE item_id = ${id}
      GROUP BY source
      ORDER BY source`,
  ]);

  return {
    ok: true as const,
    item: {
      item_id: item.id,
      item_name: item.name,
      item_category: item.category,
      item_spec: item.spec,
      created_at: item.createdAt.toISOString(),
      origins: { item_name: item.origin, item_category: item.categoryOrigin, item_spec: item.specOrigin },
    },
    observations: observations.map((obs) => {
      const price = obs.price === null ? null : obs.price.toFixed(2);
      return {
        obs_id: obs.id,
        br_id: obs.brId,
        source: obs.source,
        // The observe schema lets only the listed values into these columns.
        condition: obs.condition,
        price,
        price_fmt: formatPriceFmt(price, obs.currency),
        currency: obs.currency,
        url: obs.url,
        availability: obs.availability,
        notes: obs.notes,
        observed_at: obs.observedAt.toISOString(),
        session_slug: obs.session?.slug ?? null,
        origin: obs.origin,
      };
    }),
    by_source: bySource.map(
      ({ latest_price_origin, min_price_origin, max_price_origin, availability_origin, ...row }) => ({
        ...row,
        last_observed_at: isoTime(row.last_observed_at),
        origins: {
          latest_price: latest_price_origin,
          min_price: min_price_origin,
          max_price: max_price_origin,
          availability: availability_origin,
        },
      }),
    ),
  };
}
