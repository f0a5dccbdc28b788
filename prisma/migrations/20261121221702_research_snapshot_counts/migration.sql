-- DropIndex
DROP INDEX "observation_item_id_source_observed_at_idx";

-- DropIndex
DROP INDEX "observation_observed_at_idx";

-- CreateTable
CREATE TABLE "observation_source_count" (
    "source" TEXT NOT NULL,
    "observations" INTEGER NOT NULL,

    CONSTRAINT "observation_source_count_pkey" PRIMARY KEY ("source")
);

-- CreateIndex
CREATE INDEX "observation_item_id_source_observed_at_id_idx" ON "observation"("item_id", "source", "observed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "observation_observed_at_id_idx" ON "observation"("observed_at" DESC, "id" DESC);

-- ─── written by hand (Prisma does not model triggers or functions) ──────────

-- Observations per source, kept by statement-level triggers: one upsert per
-- statement, however many rows it touched, inside the transaction that
-- changes observation. Concurrent observes of one source queue on its row,
-- so the counts stay exact. Rows that fall to 0 stay; readers skip them.
CREATE FUNCTION observation_source_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM observation_source_count;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE observation_source_count AS c SET observations = c.observations - gone.n
    FROM (SELECT source, count(*)::int AS n FROM old_rows GROUP BY source) AS gone
    WHERE c.source = gone.source;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO observation_source_count AS c (source, observations)
    SELECT source, count(*)::int FROM new_rows GROUP BY source ORDER BY source
    ON CONFLICT (source) DO UPDATE SET observations = c.observations + EXCLUDED.observations;
  END IF;
  RETURN NULL;
END $$;

-- Inserts wait until the counts below are filled and the triggers are live.
LOCK TABLE "observation" IN SHARE ROW EXCLUSIVE MODE;

CREATE TRIGGER observation_source_count_insert AFTER INSERT ON "observation"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION observation_source_count_apply();
CREATE TRIGGER observation_source_count_update AFTER UPDATE ON "observation"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION observation_source_count_apply();
CREATE TRIGGER observation_source_count_delete AFTER DELETE ON "observation"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION observation_source_count_apply();
CREATE TRIGGER observation_source_count_truncate AFTER TRUNCATE ON "observation"
  FOR EACH STATEMENT EXECUTE FUNCTION observation_source_count_apply();

INSERT INTO observation_source_count (source, observations)
SELECT source, count(*)::int FROM "observation" GROUP BY source;

-- The snapshot's price drops (DESIGN §4): for each item and source, the
-- newest priced observation lower than the priced one before it, in the same
-- currency; the `max_drops` newest of those, as observation ids with the
-- price before. Read by lib/research/build-snapshot.ts.
--
-- Walking all observations newest first, the first drop met for a pair is
-- that pair's newest drop, so the answer is the first `max_drops` pairs met.
-- Each recursive step finds the next older drop of a pair not yet seen, on
-- the (observed_at, id) index, with the price before it looked up on the
-- (item_id, source, observed_at, id) index; it reads only as far back as the
-- last pair listed, not the whole history.
--
-- A function so that it can carry `SET jit = off`: PostgreSQL's planner
-- prices this walk far above what it costs (~1 ms) and would otherwise spend
-- 20 ms or more compiling it with JIT on every call.
CREATE FUNCTION research_price_drops(max_drops int)
RETURNS TABLE (step int, obs_id int, old_price numeric)
LANGUAGE sql STABLE
SET jit = off
ROWS 10
AS $$
  WITH RECURSIVE walk AS (
    SELECT 0 AS step, 'infinity'::timestamptz AS at, 0 AS id, NULL::numeric AS old_price,
           ARRAY[]::int[] AS seen_items, ARRAY[]::text[] AS seen_sources
    UNION ALL
    SELECT w.step + 1, d.observed_at, d.id, d.old_price,
           w.seen_items || d.item_id, w.seen_sources || d.source
    FROM walk w
    CROSS JOIN LATERAL (
      SELECT o.id, o.item_id, o.source, o.observed_at, prev.price AS old_price
      FROM observation o
      CROSS JOIN LATERAL (
        SELECT p.price, p.currency FROM observation p
        WHERE p.item_id = o.item_id AND p.source = o.source AND p.price IS NOT NULL
          AND (p.observed_at, p.id) < (o.observed_at, o.id)
        ORDER BY p.observed_at DESC, p.id DESC
        LIMIT 1
      ) prev
      WHERE (o.observed_at, o.id) < (w.at, w.id)
        AND o.price IS NOT NULL AND o.price < prev.price AND o.currency = prev.currency
        AND NOT EXISTS (
          SELECT 1 FROM unnest(w.seen_items, w.seen_sources) AS seen(item_id, source)
          WHERE seen.item_id = o.item_id AND seen.source = o.source)
      ORDER BY o.observed_at DESC, o.id DESC
      LIMIT 1
    ) d
    WHERE w.step < max_drops
  )
  SELECT step, id, old_price FROM walk WHERE step > 0
$$;
