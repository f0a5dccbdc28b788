import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText } from "@/lib/http/errors";
import { cleanName, nameKey } from "@/lib/names";
import { isTrusted, originLabel, type Origin } from "@/lib/auth/origin";
import { BR_SCOPE } from "@/lib/research/br-id";
import type { ObserveBody } from "@/lib/research/schemas";

export type RecordedObservation = { obs_id: number; item_id: number; br_id: string };

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
 * The observation and a new session record their origin. An anonymous
 * caller may start a session and add to any, but never rewrites an existing
 * session's title or context: that is what the agent reads as its brief
 * (docs/decisions/005-origins-and-anonymous-limits.md).
 */
export async function recordObservation({
  input,
  origin,
}: {
  input: ObserveBody;
  origin: Origin;
}): Promise<RecordedObservation> {
  const label = originLabel(origin);
  const mayRetitle = isTrusted(origin);
  const name = cleanName(input.item_name ?? "");
  const item =
    input.item_id !== undefined
      ? Prisma.sql`SELECT id FROM item WHERE id = ${input.item_id}::int`
      : // Atomic upsert on the case-insensitive key: concurrent first
        // observations of one new name all get the same item. Category and
        // spec given later fill blanks but never overwrite.
        Prisma.sql`
          INSERT INTO item (name, name_key, category, spec)
          VALUES (${name}::text, ${nameKey(name)}::text, ${input.item_category ?? null}::text, ${input.item_spec ?? null}::text)
          ON CONFLICT (name_key) DO UPDATE
            SET category = COALESCE(item.category, EXCLUDED.category),
                spec = COALESCE(item.spec, EXCLUDED.spec)
          RETURNING id`;
  const session =
    input.session_slug !== undefined
      ? Prisma.sql`
          INSERT INTO research_session (slug, title, context, origin, updated_at)
          SELECT ${input.session_slug}::text, ${input.session_title ?? null}::text, ${input.session_context ?? null}::text,
                 ${label}::text, now()
          FROM it
          ON CONFLICT (slug) DO UPDATE
            SET title = CASE WHEN ${mayRetitle}::boolean THEN COALESCE(EXCLUDED.title, research_session.title)
                             ELSE research_session.title END,
                context = CASE WHEN ${mayRetitle}::boolean THEN COALESCE(EXCLUDED.context, research_session.context)
                               ELSE research_session.context END,
                updated_at = now()
          RETURNING id`
      : Prisma.sql`SELECT NULL::int AS id FROM it`;

  // The day is the database's UTC day and observed_at that same now(): one
  // clock decides both, whatever instance handles the request. br_id is
  // formatBrId's BR-<yymmdd>-<n>, written in SQL to stay in this statement.
  const rows = await db().$queryRaw<RecordedObservation[]>`
    WITH it AS (${item}),
         se AS (${session}),
         counter AS (
           INSERT INTO daily_counter (scope, day, value)
           SELECT ${BR_SCOPE}::text, to_char(now() AT TIME ZONE 'UTC', 'YYMMDD'), 1 FROM se
           ON CONFLICT (scope, day) DO UPDATE SET value = daily_counter.value + 1
           RETURNING day, value)
    INSERT INTO observation
      (br_id, item_id, session_id, source, condition, price, currency, url, availability, notes, origin, observed_at)
    SELECT 'BR-' || counter.day || '-' || counter.value, it.id, se.id,
           ${input.source}::text, ${input.condition}::text, ${input.price}::numeric, ${input.currency}::text,
           ${input.url ?? null}::text, ${input.availability}::text, ${input.notes ?? null}::text, ${label}::text, now()
    FROM counter, it, se
    RETURNING id AS obs_id, item_id, br_id`;
  const [row] = rows;
  if (!row) throw new AppError("not_found", errorText("research.itemNotFoundSendName", { id: input.item_id ?? "" }));
  return row;
}
