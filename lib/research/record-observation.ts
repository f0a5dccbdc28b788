import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { eventsCommitted } from "@/lib/events/record-event";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText } from "@/lib/http/errors";
import { cleanName, nameKey } from "@/lib/names";
import { isTrusted, originLabel, type Origin } from "@/lib/auth/origin";
import { BR_SCOPE } from "@/lib/research/br-id";
import { accountSessionSlug } from "@/lib/research/for-accounts";
import type { Camelized } from "@/lib/http/wire";
import type { ObserveBody } from "@/lib/research/schemas";

export type RecordedObservation = { obs_id: number; item_id: number; br_id: string };

/** How far back the lowest price that a new one must undercut to raise price.dropped is looked for. */
export const DROP_WINDOW_DAYS = 30;

/**
 * Records one price observation (docs/contract.md, "Research resources"): finds or creates
 * the item by name, creates or updates the session, takes the next
 * BR-<yymmdd>-<n> and inserts the row. Throws `not_found` for an unknown
 * `item_id`, without using a number.
 *
 * One SQL statement does it all (docs/decisions/009-one-statement-observe.md),
 * so it is one transaction that holds its locks only while the database runs it: no round trips and no waits on a
 * busy event loop between taking the day's counter and committing, which is
 * what bounds throughput when many agents observe at once (every observe
 * queues on that one counter row). It also means a failed insert gives its
 * number back, so concurrent observes never share or skip one.
 *
 * The CTEs feed each other (item → session → counter → observation), which
 * fixes the order locks are taken in (item row, session row, counter row) for
 * every observe, so concurrent ones queue instead of deadlocking; with an
 * unknown item_id the chain is empty and nothing is written.
 *
 * The observation, a new item and a new session record their origin, and
 * so do an item's category and spec. An anonymous caller may start a
 * session and add to any, but never rewrites an existing session's title or
 * context: that is what the agent reads as its brief. Nor does it set an
 * item's category or spec that has a value: it fills a blank, as the
 * stranger's, and the household's value replaces a stranger's
 * (docs/decisions/005-origins-and-anonymous-limits.md).
 *
 * An account from outside the household is a stranger here too, and writes
 * only into sessions of its own (docs/decisions/034-accounts-and-credits.md):
 * its slugs are its own (accountSessionSlug), a session it starts is its, no
 * one else adds to it, and it adds to no one else's (403 `forbidden`).
 * `allowed` checks that first and everything else selects from it, so a
 * refused observe writes nothing, not even its item; the session upsert's
 * WHERE holds the line against a session started in between.
 */
export async function recordObservation({
  input,
  origin,
}: {
  input: Camelized<ObserveBody>;
  origin: Origin;
}): Promise<RecordedObservation> {
  const label = originLabel(origin);
  // The household (anyone but a stranger) may change what the agent reads as given.
  const trusted = isTrusted(origin);
  const accountId = origin.kind === "account" ? origin.id : null;
  const slug = input.sessionSlug === undefined ? undefined : accountSessionSlug(input.sessionSlug, accountId);
  const name = cleanName(input.itemName ?? "");
  const category = input.itemCategory ?? null;
  const spec = input.itemSpec ?? null;
  // Whether this observe's value of a field replaces the item's: a blank is
  // filled by anyone, a stranger's value is replaced by the household's, and
  // no other value is ever overwritten. Every SET below reads the row as it
  // was, so a field and its origin change together.
  const replaces = (field: "category" | "spec") => {
    const [value, valueOrigin] = [Prisma.raw(`item.${field}`), Prisma.raw(`item.${field}_origin`)];
    const orStrangers = trusted ? Prisma.sql` OR NOT ${fromHousehold(valueOrigin)}` : Prisma.empty;
    return Prisma.sql`EXCLUDED.${Prisma.raw(field)} IS NOT NULL AND (${value} IS NULL${orStrangers})`;
  };
  const item =
    input.itemId !== undefined
      ? Prisma.sql`SELECT id FROM item, allowed WHERE id = ${input.itemId}::int`
      : // Atomic upsert on the case-insensitive key: concurrent first
        // observations of one new name all get the same item.
        Prisma.sql`
          INSERT INTO item (name, name_key, category, spec, origin, category_origin, spec_origin)
          SELECT ${name}::text, ${nameKey(name)}::text, ${category}::text, ${spec}::text, ${label}::text,
                 ${category === null ? null : label}::text, ${spec === null ? null : label}::text
          FROM allowed
          ON CONFLICT (name_key) DO UPDATE
            SET category = CASE WHEN ${replaces("category")} THEN EXCLUDED.category ELSE item.category END,
                category_origin = CASE WHEN ${replaces("category")} THEN EXCLUDED.category_origin
                                       ELSE item.category_origin END,
                spec = CASE WHEN ${replaces("spec")} THEN EXCLUDED.spec ELSE item.spec END,
                spec_origin = CASE WHEN ${replaces("spec")} THEN EXCLUDED.spec_origin ELSE item.spec_origin END
          RETURNING id`;
  // The session is free to this writer: new, or its own (an account's), or the household's (anyone else).
  const allowed =
    slug !== undefined
      ? Prisma.sql`SELECT WHERE NOT EXISTS (
          SELECT 1 FROM research_session WHERE slug = ${slug}::text AND account_id IS DISTINCT FROM ${accountId}::int)`
      : Prisma.sql`SELECT`;
  const session =
    slug !== undefined
      ? Prisma.sql`
          INSERT INTO research_session (slug, title, context, origin, account_id, updated_at)
          SELECT ${slug}::text, ${input.sessionTitle ?? null}::text, ${input.sessionContext ?? null}::text,
                 ${label}::text, ${accountId}::int, now()
          FROM it
          ON CONFLICT (slug) DO UPDATE
            SET title = CASE WHEN ${trusted || accountId !== null}::boolean
                             THEN COALESCE(EXCLUDED.title, research_session.title) ELSE research_session.title END,
                context = CASE WHEN ${trusted || accountId !== null}::boolean
                               THEN COALESCE(EXCLUDED.context, research_session.context) ELSE research_session.context END,
                updated_at = now()
            -- An account's session takes only its keys; the household's takes none of an account's.
            WHERE research_session.account_id IS NOT DISTINCT FROM EXCLUDED.account_id
          RETURNING id`
      : Prisma.sql`SELECT NULL::int AS id FROM it`;

  // The day is the database's UTC day and observed_at that same now(): one
  // clock decides both, whatever instance handles the request. br_id is
  // formatBrId's BR-<yymmdd>-<n>, written in SQL to stay in this statement.
  //
  // The last CTEs raise price.dropped in the same statement when the price is
  // below the lowest this item had from the same source, in the same
  // currency, over the last DROP_WINDOW_DAYS days: the event commits with
  // the observation or not at all (docs/decisions/022-event-log.md). What
  // they read of observation is the table before this insert. Strangers'
  // prices neither raise one nor count as the lowest unless
  // RESEARCH_ANON_DROPS allows them, as in the snapshot's drops. A watch on
  // the item (docs/contract.md, "Watches") is hit by a price at or under its
  // `below`, or `drop_percent` under the item's last price in that currency,
  // once per new low: its last_hit_price moves to the price in the same
  // statement, so of two observes at once only a lower one hits again. An
  // account's prices count as a stranger's (fromHousehold). The
  // event counter's row is touched only when there is an event; it is moved
  // by all of them at once, and the ids handed out in order.
  const anonymousDrops = env().RESEARCH_ANON_DROPS;
  const rows = await db().$queryRaw<(RecordedObservation & { events: number })[]>`
    WITH allowed AS (${allowed}),
         it AS (${item}),
         se AS (${session}),
         counter AS (
           INSERT INTO daily_counter (scope, day, value)
           SELECT ${BR_SCOPE}::text, to_char(now() AT TIME ZONE 'UTC', 'YYMMDD'), 1 FROM se
           ON CONFLICT (scope, day) DO UPDATE SET value = daily_counter.value + 1
           RETURNING day, value),
         obs AS (
           INSERT INTO observation
             (br_id, item_id, session_id, source, condition, price, currency, url, availability, notes, origin, observed_at)
           SELECT 'BR-' || counter.day || '-' || counter.value, it.id, se.id,
                  ${input.source}::text, ${input.condition}::condition, ${input.price}::numeric, ${input.currency}::text,
                  ${input.url ?? null}::text, ${input.availability}::availability, ${input.notes ?? null}::text, ${label}::text, now()
           FROM counter, it, se
           RETURNING id, item_id, br_id, source, price, currency, url, origin),
         low AS (
           SELECT min(p.price) AS price
           FROM obs JOIN observation p
             ON p.item_id = obs.item_id AND p.source = obs.source AND p.currency = obs.currency
           WHERE p.price IS NOT NULL AND p.observed_at > now() - make_interval(days => ${DROP_WINDOW_DAYS}::int)
             AND (${anonymousDrops}::boolean OR ${fromHousehold(Prisma.raw("p.origin"))})),
         dropped AS (
           SELECT obs.*, low.price AS old_price FROM obs, low
           WHERE obs.price < low.price AND (${anonymousDrops}::boolean OR ${fromHousehold(Prisma.raw("obs.origin"))})),
         prev AS (
           SELECT p.price
           FROM obs JOIN observation p ON p.item_id = obs.item_id AND p.currency = obs.currency
           WHERE p.price IS NOT NULL AND (${anonymousDrops}::boolean OR ${fromHousehold(Prisma.raw("p.origin"))})
           ORDER BY p.observed_at DESC, p.id DESC
           LIMIT 1),
         hits AS (
           UPDATE watch w SET last_hit_price = obs.price
           FROM obs
           WHERE w.item_id = obs.item_id AND obs.price IS NOT NULL
             AND (${anonymousDrops}::boolean OR ${fromHousehold(Prisma.raw("obs.origin"))})
             AND (w.last_hit_price IS NULL OR obs.price < w.last_hit_price)
             AND (obs.price <= w.below
                  OR obs.price <= (SELECT price FROM prev) * (1 - w.drop_percent / 100))
           RETURNING w.id, w.below, w.drop_percent, w.person_id, (SELECT price FROM prev) AS last_price),
         next_event AS (
           UPDATE event_counter SET last_id = last_id + (SELECT count(*) FROM dropped) + (SELECT count(*) FROM hits)
           WHERE id = 1 AND (EXISTS (SELECT 1 FROM dropped) OR EXISTS (SELECT 1 FROM hits))
           RETURNING last_id),
         ev AS (
           INSERT INTO event (id, type, subject, data, origin)
           SELECT next_event.last_id - (SELECT count(*) FROM hits), 'price.dropped',
                  jsonb_build_object('kind', 'research_item', 'id', d.item_id, 'url', '/base-research/items/' || d.item_id),
                  jsonb_build_object(
                    'item_id', d.item_id, 'item_name', i.name, 'source', d.source, 'currency', d.currency,
                    'old_price', d.old_price::text, 'new_price', d.price::text,
                    'drop_pct', round((d.old_price - d.price) * 100 / d.old_price, 1),
                    'br_id', d.br_id, 'url', d.url),
                  d.origin
           FROM next_event, dropped d JOIN item i ON i.id = d.item_id
           RETURNING id),
         hit_ev AS (
           INSERT INTO event (id, type, subject, data, origin)
           SELECT next_event.last_id - (SELECT count(*) FROM hits) + row_number() OVER (ORDER BY h.id), 'price.watch_hit',
                  jsonb_build_object('kind', 'research_item', 'id', o.item_id, 'url', '/base-research/items/' || o.item_id),
                  jsonb_build_object(
                    'watch_id', h.id, 'item_id', o.item_id, 'item_name', i.name, 'source', o.source,
                    'currency', o.currency, 'price', o.price::text, 'below', h.below::text,
                    'drop_percent', h.drop_percent::float8, 'last_price', h.last_price::text,
                    'person', pe.name, 'br_id', o.br_id, 'url', o.url),
                  o.origin
           FROM next_event, hits h CROSS JOIN obs o JOIN item i ON i.id = o.item_id
             LEFT JOIN person pe ON pe.id = h.person_id
           RETURNING id)
    SELECT obs.id AS obs_id, obs.item_id, obs.br_id,
           ((SELECT count(*) FROM ev) + (SELECT count(*) FROM hit_ev))::int AS events
    FROM obs`;
  const [row] = rows;
  if (!row) throw await nothingWritten(input, slug);
  if (row.events > 0) eventsCommitted();
  return { obs_id: row.obs_id, item_id: row.item_id, br_id: row.br_id };
}

/** Whether an origin column holds the household's: neither a stranger's nor an account's from outside. */
function fromHousehold(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${column} <> 'anonymous' AND ${column} NOT LIKE 'account:%')`;
}

/**
 * Why an observe wrote nothing: its session is another's (the statement's
 * session upsert returned no row), else its item_id is unknown.
 */
async function nothingWritten(input: Camelized<ObserveBody>, slug: string | undefined): Promise<AppError> {
  const itemKnown =
    input.itemId === undefined ||
    (await db().item.findUnique({ where: { id: input.itemId }, select: { id: true } })) !== null;
  if (itemKnown && slug !== undefined) {
    return new AppError("forbidden", errorText("research.sessionOfAnother", { slug: input.sessionSlug ?? slug }));
  }
  return new AppError("not_found", errorText("research.itemNotFoundSendName", { id: input.itemId ?? "" }));
}
