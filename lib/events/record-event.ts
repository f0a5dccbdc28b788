import { Prisma } from "@/lib/generated/prisma/client";
import type { EventSubject, EventType } from "@/lib/events/schemas";
import { announceEvents } from "@/lib/events/announce";

// The transactional outbox (docs/decisions/022-event-log.md): an event is
// written by the statement or transaction that makes its change, never
// after it, so there is no event without its change and no change without
// its event. Its id comes from event_counter, whose row stays locked until
// that transaction ends: ids become visible in order, and a reader that has
// seen id n never finds a smaller one later.

export type NewEvent = {
  type: EventType;
  subject: EventSubject;
  /** What a receiver needs without a second call. */
  data: Record<string, unknown>;
  /** Who made the change: originLabel(origin), or "labs" for the app itself. */
  origin: string;
};

/** One statement that takes the next id and writes the event: for a transaction, or a CTE of a larger statement. */
export function eventInsert(event: NewEvent): Prisma.Sql {
  return Prisma.sql`
    WITH next_event AS (UPDATE event_counter SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id)
    INSERT INTO event (id, type, subject, data, origin)
    SELECT last_id, ${event.type}::text, ${JSON.stringify(event.subject)}::jsonb, ${JSON.stringify(event.data)}::jsonb,
           ${event.origin}::text
    FROM next_event`;
}

/** A timestamptz column as JSON writes times elsewhere: ISO 8601 in UTC, with milliseconds and Z. */
export function isoTime(column: string): Prisma.Sql {
  return Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

/**
 * The rest of a statement that writes one `type` event (origin `labs`) per
 * row of the CTE `rows` it has already named, taking their ids from
 * event_counter in one step, in `order`; it answers `events`, how many it
 * wrote. `subject` and `data` read a row as `numbered.<column>`. For the
 * checks that find things time has changed (a lease ended, a card about to
 * expire) and mark them in the same statement.
 */
export function eventsForRows({
  rows,
  type,
  order,
  subject,
  data,
}: {
  rows: string;
  type: EventType;
  order: string;
  subject: Prisma.Sql;
  data: Prisma.Sql;
}): Prisma.Sql {
  const from = Prisma.raw(rows);
  return Prisma.sql`
    numbered AS (SELECT ${from}.*, row_number() OVER (ORDER BY ${Prisma.raw(order)}) AS n FROM ${from}),
    next_event AS (
      UPDATE event_counter SET last_id = last_id + (SELECT count(*) FROM ${from})
      WHERE id = 1 AND EXISTS (SELECT 1 FROM ${from})
      RETURNING last_id),
    ev AS (
      INSERT INTO event (id, type, subject, data, origin)
      SELECT next_event.last_id - (SELECT count(*) FROM ${from}) + numbered.n, ${type}::text, ${subject}, ${data}, 'labs'
      FROM next_event, numbered
      RETURNING id)
    SELECT count(*)::int AS events FROM ev`;
}

type Client = { $executeRaw: (query: Prisma.Sql) => Prisma.PrismaPromise<number> };

/**
 * Writes the event with `client`, the transaction of its change; last in
 * it, so the counter's row is held as briefly as can be. The stream learns of
 * it once the transaction commits: call eventsCommitted() then.
 */
export async function recordEvent(client: Client, event: NewEvent): Promise<void> {
  await client.$executeRaw(eventInsert(event));
}

/** After a commit that wrote events: the open streams read them now rather than at their next poll. */
export function eventsCommitted(): void {
  announceEvents();
}
