-- AlterTable
ALTER TABLE "item" ADD COLUMN     "category_origin" TEXT,
ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'anonymous',
ADD COLUMN     "spec_origin" TEXT;

-- CreateIndex
CREATE INDEX "note_origin_created_at_idx" ON "note"("origin", "created_at" DESC);

-- ─── written by hand ────────────────────────────────────────────────────────

-- Who wrote an item's fields (docs/decisions/005-origins-and-anonymous-limits.md).
-- The name is the first observation's: that observe created the item. Nothing
-- vouches for a category or spec written before this, so, like the rows of
-- migration origins_and_anonymous_limits, they read `anonymous`, and the
-- household's next value for them replaces them.
UPDATE "item" AS i
SET "origin" = COALESCE((
      SELECT o."origin" FROM "observation" o
      WHERE o."item_id" = i."id"
      ORDER BY o."observed_at", o."id"
      LIMIT 1), 'anonymous'),
    "category_origin" = CASE WHEN i."category" IS NULL THEN NULL ELSE 'anonymous' END,
    "spec_origin" = CASE WHEN i."spec" IS NULL THEN NULL ELSE 'anonymous' END;

-- The snapshot's price drops, as in migration research_snapshot_counts (the
-- walk is explained there), with the origin of the price before. Unless
-- `with_anonymous`, strangers' observations are not read at all: neither a
-- drop nor the price a drop is measured from, so a made-up price neither
-- makes a drop nor hides the household's (RESEARCH_ANON_DROPS, lib/env.ts).
DROP FUNCTION research_price_drops(int);

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
          AND (with_anonymous OR p.origin <> 'anonymous')
          AND (p.observed_at, p.id) < (o.observed_at, o.id)
        ORDER BY p.observed_at DESC, p.id DESC
        LIMIT 1
      ) prev
      WHERE (o.observed_at, o.id) < (w.at, w.id)
        AND o.price IS NOT NULL AND o.price < prev.price AND o.currency = prev.currency
        AND (with_anonymous OR o.origin <> 'anonymous')
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
