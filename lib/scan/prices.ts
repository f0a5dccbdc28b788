import "server-only";
import { isTrusted, originLabel, type Origin } from "@/lib/auth/origin";
import { db } from "@/lib/db";
import { eventsCommitted, recordEvent } from "@/lib/events/record-event";
import { AppError, errorText } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/paging";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Camelized } from "@/lib/http/wire";
import { ensureProduct } from "@/lib/scan/products";
import { hitProductWatches } from "@/lib/watches/hit-watches";
import {
  PRICES_PAGE,
  type CreatePriceBody,
  type HistoryPricePosition,
  type LatestPricePosition,
  type PRICE_SOURCES,
} from "@/lib/scan/schemas";
import { iso } from "@/lib/scan/shapes";
import { createStore, getStoreOrThrow } from "@/lib/scan/stores";

// A price more than TYPO_FACTOR times, or less than 1/TYPO_FACTOR of, the
// median of its product's prices (same currency, every store, all time) is
// flagged `likely_typo`. With fewer than MIN_PRICES_FOR_MEDIAN prices there is
// no telling which one is off, so nothing is flagged.
const TYPO_FACTOR = 3;
const MIN_PRICES_FOR_MEDIAN = 3;
// Constants inlined as SQL literals, not parameters, so their type is never guessed.
const factor = Prisma.raw(String(TYPO_FACTOR));
const minPrices = Prisma.raw(String(MIN_PRICES_FOR_MEDIAN));

type PriceRow = {
  id: number;
  product_id: number;
  code: string;
  product_name: string;
  store_id: number;
  store_name: string;
  /** The store's name_key: where a latest price sits in the cheapest-first order. */
  store_key: string;
  price: string;
  currency: string;
  // Only ever written through createPriceBody's enum.
  source: (typeof PRICE_SOURCES)[number];
  observed_at: Date | string;
  median: string | null;
  likely_typo: boolean;
};

function priceJson(row: PriceRow) {
  return {
    id: row.id,
    product_id: row.product_id,
    code: row.code,
    product_name: row.product_name,
    store_id: row.store_id,
    store_name: row.store_name,
    price: row.price,
    currency: row.currency,
    source: row.source,
    observed_at: iso(new Date(row.observed_at)),
    median: row.median,
    likely_typo: row.likely_typo,
  };
}

/**
 * Records a shop price. A price under the last one for that product at that
 * store (same currency), recorded by the household, raises price.dropped in
 * the same transaction (docs/decisions/022-event-log.md); a stranger's does
 * not, as strangers' research prices make no drop
 * (docs/decisions/005-origins-and-anonymous-limits.md). A price dated before
 * the last one is history, not a drop.
 */
export async function recordPrice(seen: Camelized<CreatePriceBody>, origin: Origin = { kind: "local" }) {
  const productId = seen.productId ?? (await ensureProduct({ code: seen.code ?? "" })).id;
  const product = await db().product.findUnique({
    where: { id: productId },
    select: { id: true, code: true, name: true },
  });
  if (!product) throw new AppError("not_found", errorText("scan.productIdNotFound", { id: productId }));
  const store =
    seen.storeId != null
      ? await getStoreOrThrow({ id: seen.storeId })
      : (await createStore({ name: seen.storeName ?? "" })).store;
  const observedAt = seen.observedAt ? new Date(seen.observedAt) : new Date();
  const { id, announced } = await db().$transaction(async (tx) => {
    const last = await tx.price.findFirst({
      where: { productId: product.id, storeId: store.id, currency: seen.currency },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      select: { price: true, observedAt: true },
    });
    const { id } = await tx.price.create({
      data: {
        productId: product.id,
        storeId: store.id,
        price: seen.price,
        currency: seen.currency,
        source: seen.source,
        observedAt,
      },
      select: { id: true },
    });
    const dropped =
      isTrusted(origin) &&
      last !== null &&
      last.observedAt <= observedAt &&
      new Prisma.Decimal(seen.price).lt(last.price);
    if (dropped) {
      const oldPrice = last.price;
      const newPrice = new Prisma.Decimal(seen.price);
      await recordEvent(tx, {
        type: "price.dropped",
        subject: { kind: "product", id: product.id, url: `/base-scan/prices?code=${encodeURIComponent(product.code)}` },
        data: {
          product_id: product.id,
          code: product.code,
          product_name: product.name,
          store_id: store.id,
          store_name: store.name,
          currency: seen.currency,
          old_price: oldPrice.toFixed(2),
          new_price: newPrice.toFixed(2),
          drop_pct: Number(oldPrice.minus(newPrice).times(100).div(oldPrice).toFixed(1)),
          price_id: id,
        },
        origin: originLabel(origin),
      });
    }
    // Watches: the product's last price at any store, and only a price that is not history.
    let hits = 0;
    if (isTrusted(origin)) {
      const lastAnywhere = await tx.price.findFirst({
        where: { productId: product.id, currency: seen.currency, id: { not: id } },
        orderBy: [{ observedAt: "desc" }, { id: "desc" }],
        select: { price: true, observedAt: true },
      });
      if (!lastAnywhere || lastAnywhere.observedAt <= observedAt) {
        hits = await hitProductWatches(
          tx,
          { product, store, priceId: id, price: seen.price, currency: seen.currency, origin: originLabel(origin) },
          lastAnywhere?.price ?? null,
        );
      }
    }
    return { id, announced: dropped || hits > 0 };
  });
  if (announced) eventsCommitted();
  const [row] = await queryPrices({ where: Prisma.sql`p.id = ${id}`, latestOnly: false });
  if (!row) throw new Error(`price ${id} vanished`);
  return priceJson(row);
}

type PriceJson = ReturnType<typeof priceJson>;
export type PriceList = {
  prices: PriceJson[];
  next: string | null;
  history?: PriceJson[];
  history_next?: string | null;
};

export type ListPricesOptions = {
  code?: string;
  storeId?: number;
  history?: boolean;
  /** At most this many latest prices, and as many of the history. */
  limit?: number;
  cursor?: LatestPricePosition;
  historyCursor?: HistoryPricePosition;
};

/**
 * The latest price per store and product, cheapest first; with `history` also
 * every recorded price, newest first. Both a page at a time (prices are public
 * to record): `next` and `history_next` say where the next pages start.
 */
export async function listPrices({
  code,
  storeId,
  history = false,
  limit = PRICES_PAGE.fallback,
  cursor,
  historyCursor,
}: ListPricesOptions): Promise<PriceList> {
  const filters = [
    code !== undefined ? Prisma.sql`p.product_id IN (SELECT id FROM product WHERE code = ${code})` : null,
    storeId !== undefined ? Prisma.sql`p.store_id = ${storeId}` : null,
  ].filter((filter) => filter !== null);
  const where = filters.length > 0 ? Prisma.join(filters, " AND ") : Prisma.sql`TRUE`;
  const latest = pageOf(await queryPrices({ where, latestOnly: true, limit, after: cursor }), limit, (row) => [
    row.price,
    row.store_key,
    row.id,
  ]);
  const prices = { prices: latest.rows.map(priceJson), next: latest.next };
  if (!history) return prices;
  const older = pageOf(await queryPrices({ where, latestOnly: false, limit, after: historyCursor }), limit, (row) => [
    iso(new Date(row.observed_at)),
    row.id,
  ]);
  return { ...prices, history: older.rows.map(priceJson), history_next: older.next };
}

export type QueryPricesOptions = {
  where: Prisma.Sql;
  latestOnly: boolean;
  /** Rows wanted; one more is read to tell whether there is a next page. */
  limit?: number;
  after?: LatestPricePosition | HistoryPricePosition;
};

async function queryPrices(options: QueryPricesOptions) {
  return db().$queryRaw<PriceRow[]>(pricesQuery(options));
}

/**
 * The statement of prices in list order: the latest per store and product
 * cheapest first, or every price newest first, from after the position
 * `after`. The latest are the first row of each product and store in the
 * order of the price index (product, store, newest), so DISTINCT ON reads
 * them from the index rather than sorting the table; tests/db/price-index.test.ts
 * checks the plan. The medians for `likely_typo` are computed for the products
 * on the page only.
 */
export function pricesQuery({ where, latestOnly, limit = 1, after }: QueryPricesOptions): Prisma.Sql {
  const selected = latestOnly
    ? Prisma.sql`SELECT DISTINCT ON (p.product_id, p.store_id) p.* FROM price p WHERE ${where}
        ORDER BY p.product_id, p.store_id, p.observed_at DESC, p.id DESC`
    : Prisma.sql`SELECT p.* FROM price p WHERE ${where}`;
  let from = Prisma.sql`TRUE`;
  if (after && latestOnly) {
    const [price, storeKey, id] = after as LatestPricePosition;
    from = Prisma.sql`(s.price, st.name_key, s.id) > (CAST(${price} AS numeric), CAST(${storeKey} AS text), CAST(${id} AS int))`;
  } else if (after) {
    const [observedAt, id] = after as HistoryPricePosition;
    from = Prisma.sql`(s.observed_at, s.id) < (CAST(${observedAt} AS timestamptz), CAST(${id} AS int))`;
  }
  const order = (storeKey: Prisma.Sql) =>
    latestOnly
      ? Prisma.sql`ORDER BY s.price ASC, ${storeKey} ASC, s.id ASC`
      : Prisma.sql`ORDER BY s.observed_at DESC, s.id DESC`;
  return Prisma.sql`
    WITH selected AS (${selected}),
    paged AS (
      SELECT s.*, st.name AS store_name, st.name_key AS store_key
      FROM selected s JOIN store st ON st.id = s.store_id
      WHERE ${from}
      ${order(Prisma.sql`st.name_key`)}
      LIMIT CAST(${limit + 1} AS int)
    ),
    medians AS (
      SELECT product_id, currency,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY price::float8) AS median,
             count(*)::int AS n
      FROM price
      WHERE product_id IN (SELECT product_id FROM paged)
      GROUP BY product_id, currency
    )
    SELECT s.id, s.product_id, pr.code, pr.name AS product_name, s.store_id, s.store_name, s.store_key,
           s.price::text AS price, s.currency, s.source, s.observed_at,
           CASE WHEN m.n >= ${minPrices} THEN round(m.median::numeric, 2)::text END AS median,
           COALESCE(m.n >= ${minPrices}
             AND (s.price::float8 > ${factor} * m.median OR s.price::float8 * ${factor} < m.median), false)
             AS likely_typo
    FROM paged s
    JOIN product pr ON pr.id = s.product_id
    LEFT JOIN medians m ON m.product_id = s.product_id AND m.currency = s.currency
    ${order(Prisma.sql`s.store_key`)}`;
}
