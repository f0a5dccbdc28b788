import { recordEvent } from "@/lib/events/record-event";
import { Prisma } from "@/lib/generated/prisma/client";

// A shop price against the product's watches (docs/contract.md, "Watches"),
// in the transaction that records the price: a price at or under a watch's
// `below`, or `drop_percent` under the product's last price (any store, same
// currency), hits it once per new low. The research side is the observe
// statement's (lib/research/record-observation.ts).

type Tx = Prisma.TransactionClient;

type PriceFacts = {
  product: { id: number; code: string; name: string };
  store: { id: number; name: string };
  priceId: number;
  price: string;
  currency: string;
  origin: string;
};

type Hit = { id: number; below: Prisma.Decimal | null; drop_percent: Prisma.Decimal | null; person: string | null };

/** Raises price.watch_hit for each watch this price hits; returns how many. */
export async function hitProductWatches(tx: Tx, facts: PriceFacts, lastPrice: Prisma.Decimal | null): Promise<number> {
  const hits = await tx.$queryRaw<Hit[]>`
    UPDATE watch w SET last_hit_price = ${facts.price}::numeric
    WHERE w.product_id = ${facts.product.id}::int
      AND (w.last_hit_price IS NULL OR ${facts.price}::numeric < w.last_hit_price)
      AND (${facts.price}::numeric <= w.below
           OR ${facts.price}::numeric <= ${lastPrice?.toString() ?? null}::numeric * (1 - w.drop_percent / 100))
    RETURNING w.id, w.below, w.drop_percent, (SELECT p.name FROM person p WHERE p.id = w.person_id) AS person`;
  for (const hit of hits.sort((a, b) => a.id - b.id)) {
    await recordEvent(tx, {
      type: "price.watch_hit",
      subject: {
        kind: "product",
        id: facts.product.id,
        url: `/base-scan/prices?code=${encodeURIComponent(facts.product.code)}`,
      },
      data: {
        watch_id: hit.id,
        product_id: facts.product.id,
        code: facts.product.code,
        product_name: facts.product.name,
        store_id: facts.store.id,
        store_name: facts.store.name,
        currency: facts.currency,
        price: new Prisma.Decimal(facts.price).toFixed(2),
        below: hit.below?.toFixed(2) ?? null,
        drop_percent: hit.drop_percent === null ? null : Number(hit.drop_percent),
        last_price: lastPrice?.toFixed(2) ?? null,
        person: hit.person,
        price_id: facts.priceId,
      },
      origin: facts.origin,
    });
  }
  return hits.length;
}
