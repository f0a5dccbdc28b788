import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { pricesQuery } from "@/lib/scan/prices";

// The latest price of each product at each store (GET prices, the prices
// page) is the first row of each pair in the order of the price index
// (product, store, newest first): with it, DISTINCT ON reads the rows in that
// order from the index and keeps the first of each pair as it goes, instead
// of sorting the whole table first. Shown with the planner's own choice, on a
// household's few years of prices (400 products at 10 stores, 20 000 prices)
// after ANALYZE, never by turning sequential scans off. Only the DISTINCT ON
// (`price p`) is checked: the medians of the page's products are read as the
// planner likes (a quarter of the table here, so it scans). The rows are
// written and analysed in a transaction that is rolled back, so no other
// test sees them.

const INDEX = "price_product_id_store_id_observed_at_id_idx";

class RolledBack extends Error {}

/** EXPLAIN of `statement` with a household's years of prices in the tables, all of it rolled back. */
async function planWithYearsOfPrices(statement: Prisma.Sql): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  let plan = "";
  try {
    await db().$transaction(
      async (tx) => {
        await tx.$executeRaw`
          INSERT INTO store (name, name_key)
          SELECT ${`Loja ${tag} `} || i, ${`loja ${tag} `} || i FROM generate_series(1, 10) i`;
        await tx.$executeRaw`
          INSERT INTO product (code, name, updated_at)
          SELECT ${`IDX-${tag}-`} || i, 'Produto ' || i, now() FROM generate_series(1, 400) i`;
        // A receipt of 20 items every other day or so for years: each product
        // bought again and again at a few of the stores.
        await tx.$executeRaw`
          WITH stores AS (SELECT array_agg(id ORDER BY id) AS ids FROM store WHERE name_key LIKE ${`loja ${tag} %`}),
               products AS (SELECT array_agg(id ORDER BY id) AS ids FROM product WHERE code LIKE ${`IDX-${tag}-%`})
          INSERT INTO price (product_id, store_id, price, observed_at)
          SELECT products.ids[1 + i % 400], stores.ids[1 + (i / 37) % 10],
                 (1 + (i % 997) / 100.0)::numeric(12, 2), now() - make_interval(hours => i)
          FROM stores, products, generate_series(1, 20000) i`;
        await tx.$executeRaw`ANALYZE price`;
        await tx.$executeRaw`ANALYZE product`;
        await tx.$executeRaw`ANALYZE store`;
        const rows = await tx.$queryRaw<Record<string, string>[]>`EXPLAIN ${statement}`;
        plan = rows.map((row) => Object.values(row).join(" ")).join("\n");
        throw new RolledBack();
      },
      { timeout: 120_000, maxWait: 60_000 },
    );
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return plan;
}

describe("the latest-prices query", () => {
  it("has an index in its order: product, store, newest first", async () => {
    const [row] = await db().$queryRaw<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'price' AND indexname = ${INDEX}`;
    expect(row?.indexdef).toMatch(/\(product_id, store_id, observed_at DESC, id DESC\)/);
  });

  it("reads the latest price per product and store from the index, without sorting the table", async () => {
    // What GET prices runs for its first page without a filter (lib/scan/prices.ts).
    const plan = await planWithYearsOfPrices(pricesQuery({ where: Prisma.sql`TRUE`, latestOnly: true, limit: 100 }));
    expect(plan).toContain(`Index Scan using ${INDEX} on price p`);
    expect(plan).not.toMatch(/Seq Scan on price p\b/);
    expect(plan).not.toMatch(/Sort Key: p\.product_id, p\.store_id/);
  }, 180_000);
});
