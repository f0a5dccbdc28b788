import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { formatPriceFmt, isoTime } from "@/lib/research/format";
import type { Availability, StateSnapshot } from "@/lib/research/schemas";

// Limits of docs/contract.md ("Limits"); `oos` had none in the original
// description, so it is capped at the 100
// pairs most recently seen out of stock, to keep the snapshot small and fast.
export const SNAPSHOT_LIMITS = { recent: 20, sessions: 10, notes: 30, drops: 10, oos: 100 } as const;

/** The SQL statements one snapshot runs: one per section, whatever the data size. */
export const SNAPSHOT_QUERY_COUNT = 6;

export type SnapshotClient = Pick<PrismaClient, "$queryRaw">;

/**
 * The state snapshot the agent reads at the start of each research session
 * (docs/contract.md, "Research resources"). Each section is exactly one SQL
 * statement (SNAPSHOT_QUERY_COUNT in all); counts come from per-source
 * counters, drops, out-of-stock and session totals are computed by the
 * database (a recursive walk, anti-joins and lateral joins on the observation
 * indexes), never one query per item.
 */
export async function buildSnapshot({
  client = db(),
  anonymousDrops = env().RESEARCH_ANON_DROPS,
  sessionsOf,
}: {
  client?: SnapshotClient;
  /** Whether strangers' observations may make a drop (RESEARCH_ANON_DROPS). */
  anonymousDrops?: boolean;
  /** An account's snapshot: its own sessions instead of the most recent of all (lib/research/for-accounts.ts). */
  sessionsOf?: number;
} = {}): Promise<StateSnapshot> {
  const [counts, recent, sessions, notes, drops, oos] = await Promise.all([
    queryCounts(client),
    queryRecent(client),
    querySessions(client, sessionsOf),
    queryNotes(client),
    queryDrops(client, anonymousDrops),
    queryOutOfStock(client),
  ]);
  return { ok: true as const, counts, recent, sessions, notes, drops, oos, ts: new Date().toISOString() };
}

// Observations and distinct sources are read from observation_source_count
// (one row per source, kept exact by triggers on observation), so the
// snapshot never counts the whole observation table; the other tables are
// small and counted directly.
async function queryCounts(client: SnapshotClient) {
  const [row] = await client.$queryRaw<
    { items: number; obs: number; sessions: number; sources: number; notes: number }[]
  >`
    SELECT (SELECT count(*) FROM item)::int AS items,
           COALESCE(sum(c.observations), 0)::int AS obs,
           (SELECT count(*) FROM research_session)::int AS sessions,
           count(*)::int AS sources,
           (SELECT count(*) FROM note)::int AS notes
    FROM observation_source_count c
    WHERE c.observations > 0`;
  return row ?? { items: 0, obs: 0, sessions: 0, sources: 0, notes: 0 };
}

async function queryRecent(client: SnapshotClient) {
  const rows = await client.$queryRaw<
    {
      br_id: string;
      item_id: number;
      item_name: string;
      source: string;
      url: string | null;
      price: string | null;
      currency: string;
      // The observe schema lets only these into the column.
      availability: Availability;
      observed_at: Date;
      session_slug: string | null;
      origin: string;
    }[]
  >`
    SELECT o.br_id, o.item_id, i.name AS item_name, o.source, o.url, o.price::text AS price,
           o.currency, o.availability, o.observed_at, s.slug AS session_slug, o.origin
    FROM observation o
    JOIN item i ON i.id = o.item_id
    LEFT JOIN research_session s ON s.id = o.session_id
    ORDER BY o.observed_at DESC, o.id DESC
    LIMIT ${SNAPSHOT_LIMITS.recent}`;
  return rows.map((row) => ({
    br_id: row.br_id,
    item_id: row.item_id,
    item_name: row.item_name,
    source: row.source,
    url: row.url,
    price: row.price,
    price_fmt: formatPriceFmt(row.price, row.currency),
    currency: row.currency,
    availability: row.availability,
    observed_at: isoTime(row.observed_at),
    session_slug: row.session_slug,
    origin: row.origin,
  }));
}

// The most recently active sessions (an observe bumps updated_at), or an
// account's own, with totals counted only for those ten through the
// session_id index.
async function querySessions(client: SnapshotClient, accountId: number | undefined) {
  const rows = await client.$queryRaw<
    {
      slug: string;
      title: string | null;
      context: string | null;
      origin: string;
      item_count: number;
      obs_count: number;
      last_obs: Date | null;
    }[]
  >`
    SELECT s.slug, s.title, s.context, s.origin, t.item_count, t.obs_count, t.last_obs
    FROM (
      SELECT id, slug, title, context, origin, updated_at FROM research_session
      ${accountId === undefined ? Prisma.empty : Prisma.sql`WHERE account_id = ${accountId}::int`}
      ORDER BY updated_at DESC, id DESC
      LIMIT ${SNAPSHOT_LIMITS.sessions}
    ) s
    CROSS JOIN LATERAL (
      SELECT count(DISTINCT o.item_id)::int AS item_count, count(*)::int AS obs_count,
             max(o.observed_at) AS last_obs
      FROM observation o WHERE o.session_id = s.id
    ) t
    ORDER BY s.updated_at DESC, s.id DESC`;
  return rows.map((row) => ({ ...row, last_obs: isoTime(row.last_obs) }));
}

async function queryNotes(client: SnapshotClient) {
  const rows = await client.$queryRaw<
    { id: number; content: string; session_slug: string | null; origin: string; created_at: Date }[]
  >`
    SELECT id, content, session_slug, origin, created_at FROM note
    ORDER BY created_at DESC, id DESC
    LIMIT ${SNAPSHOT_LIMITS.notes}`;
  return rows.map((row) => ({ ...row, created_at: isoTime(row.created_at) }));
}

// docs/contract.md, "Research decisions": for each item and source, the newest priced observation lower
// than the priced one before it (same currency: a currency change is not a
// drop); the 10 newest of those. The walk that finds them is the SQL function
// research_price_drops (migrations research_snapshot_counts and
// item_field_origins, where it is explained): it reads only as far back as
// the tenth pair, and as a function it can switch PostgreSQL's JIT off, which
// would cost more than the query. A drop says whose both prices are
// (`origin`, `old_origin`); strangers' observations take no part unless
// RESEARCH_ANON_DROPS allows them (docs/decisions/005-origins-and-anonymous-limits.md).
async function queryDrops(client: SnapshotClient, anonymousDrops: boolean) {
  const rows = await client.$queryRaw<
    {
      item_id: number;
      item_name: string;
      source: string;
      url: string | null;
      currency: string;
      old_price: string;
      new_price: string;
      drop_pct: number;
      br_id: string;
      observed_at: Date;
      origin: string;
      old_origin: string;
    }[]
  >`
    SELECT o.item_id, i.name AS item_name, o.source, o.url, o.currency,
           d.old_price::text AS old_price, o.price::text AS new_price,
           round((d.old_price - o.price) * 100 / d.old_price, 1)::float8 AS drop_pct,
           o.br_id, o.observed_at, o.origin, d.old_origin
    FROM research_price_drops(${SNAPSHOT_LIMITS.drops}::int, ${anonymousDrops}::boolean) d
    JOIN observation o ON o.id = d.obs_id
    JOIN item i ON i.id = o.item_id
    ORDER BY d.step`;
  return rows.map((row) => ({ ...row, observed_at: isoTime(row.observed_at) }));
}

// Item and source pairs whose newest observation is `oos`, most recently
// seen out of stock first (at most 100), with that observation's origin. An
// oos observation qualifies when no newer one exists for its pair, checked on
// the (item_id, source, observed_at) index while walking the observed_at
// index newest first.
// `since` is the first observation of the current out-of-stock run (after
// the last one that was not oos), looked up for the listed pairs only.
async function queryOutOfStock(client: SnapshotClient) {
  const rows = await client.$queryRaw<
    { item_id: number; item_name: string; source: string; url: string | null; since: Date; origin: string }[]
  >`
    WITH latest AS (
      SELECT o.id, o.item_id, o.source, o.url, o.observed_at, o.origin
      FROM observation o
      WHERE o.availability = 'oos'
        AND NOT EXISTS (
          SELECT 1 FROM observation n
          WHERE n.item_id = o.item_id AND n.source = o.source
            AND (n.observed_at, n.id) > (o.observed_at, o.id))
      ORDER BY o.observed_at DESC, o.id DESC
      LIMIT ${SNAPSHOT_LIMITS.oos}
    )
    SELECT l.item_id, i.name AS item_name, l.source, l.url, run.since, l.origin
    FROM latest l
    JOIN item i ON i.id = l.item_id
    LEFT JOIN LATERAL (
      SELECT a.observed_at, a.id FROM observation a
      WHERE a.item_id = l.item_id AND a.source = l.source AND a.availability <> 'oos'
      ORDER BY a.observed_at DESC, a.id DESC
      LIMIT 1
    ) last_available ON true
    CROSS JOIN LATERAL (
      SELECT min(r.observed_at) AS since FROM observation r
      WHERE r.item_id = l.item_id AND r.source = l.source
        AND (last_available.id IS NULL OR (r.observed_at, r.id) > (last_available.observed_at, last_available.id))
    ) run
    ORDER BY l.observed_at DESC, l.id DESC`;
  return rows.map((row) => ({ ...row, since: isoTime(row.since) }));
}
