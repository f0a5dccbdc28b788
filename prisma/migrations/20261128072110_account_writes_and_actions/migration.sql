-- Phase 2, second step (docs/decisions/034-accounts-and-credits.md): an
-- account's key may write observations into research sessions of its own
-- (`research:write`), a write may be retried with an Idempotency-Key without
-- being done or charged twice, and the usage log also keeps what the operator
-- and accounts do with their cookies (actor), not only calls made with keys.
-- An account's minute is counted for the account, not for each of its keys.

-- AlterTable
ALTER TABLE "api_usage" ADD COLUMN     "actor" TEXT,
ALTER COLUMN "key_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "research_session" ADD COLUMN     "account_id" INTEGER;

-- CreateTable
CREATE TABLE "idempotent_request" (
    "key_id" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "claim" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotent_request_pkey" PRIMARY KEY ("key_id","token")
);

-- CreateIndex
CREATE INDEX "idempotent_request_created_at_idx" ON "idempotent_request"("created_at");

-- CreateIndex
CREATE INDEX "research_session_account_id_idx" ON "research_session"("account_id");

-- AddForeignKey
ALTER TABLE "research_session" ADD CONSTRAINT "research_session_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotent_request" ADD CONSTRAINT "idempotent_request_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every line so far has its key; from now on a line without one says who acted.
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_key_or_actor" CHECK ("key_id" IS NOT NULL OR "actor" IS NOT NULL);

-- The snapshot's price drops, as in migration item_field_origins, with an
-- account's observations read as a stranger's: unless `with_anonymous`, they
-- neither make a drop nor are the price a drop is measured from.
DROP FUNCTION research_price_drops(int, boolean);

CREATE FUNCTION research_price_drops(max_drops int, with_anonymous boolean)
RETURNS TABLE (step int, obs_id int, old_price numeric, old_origin text)
LANGUAGE sql STABLE
SET jit = off
ROWS 10
AS $$
  WITH RECURSIVE walk AS (
    SELECT 0 AS step, 'infinity'::timestamptz AS at, 0 AS id, NULL::numeric AS old_price, NULL::text AS old_origin,
           ARRAY[]::int[] AS seen_items, ARRAY[]::text[] AS seen_sources
    UNION ALL
    SELECT w.step + 1, d.observed_at, d.id, d.old_price, d.old_origin,
           w.seen_items || d.item_id, w.seen_sources || d.source
    FROM walk w
    CROSS JOIN LATERAL (
      SELECT o.id, o.item_id, o.source, o.observed_at, prev.price AS old_price, prev.origin AS old_origin
      FROM observation o
      CROSS JOIN LATERAL (
        SELECT p.price, p.currency, p.origin FROM observation p
        WHERE p.item_id = o.item_id AND p.source = o.source AND p.price IS NOT NULL
          AND (with_anonymous OR (p.origin <> 'anonymous' AND p.origin NOT LIKE 'account:%'))
          AND (p.observed_at, p.id) < (o.observed_at, o.id)
        ORDER BY p.observed_at DESC, p.id DESC
        LIMIT 1
      ) prev
      WHERE (o.observed_at, o.id) < (w.at, w.id)
        AND o.price IS NOT NULL AND o.price < prev.price AND o.currency = prev.currency
        AND (with_anonymous OR (o.origin <> 'anonymous' AND o.origin NOT LIKE 'account:%'))
        AND NOT EXISTS (
          SELECT 1 FROM unnest(w.seen_items, w.seen_sources) AS seen(item_id, source)
          WHERE seen.item_id = o.item_id AND seen.source = o.source)
      ORDER BY o.observed_at DESC, o.id DESC
      LIMIT 1
    ) d
    WHERE w.step < max_drops
  )
  SELECT step, id, old_price, old_origin FROM walk WHERE step > 0
$$;

-- CreateTable
CREATE TABLE "account_rate_window" (
    "account_id" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "account_rate_window_pkey" PRIMARY KEY ("account_id")
);

-- AddForeignKey
ALTER TABLE "account_rate_window" ADD CONSTRAINT "account_rate_window_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
