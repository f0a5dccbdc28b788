import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventJson, EventSubject, EventType, ListEventsQuery } from "@/lib/events/schemas";

export type EventPage = { events: EventJson[]; next: number };

/**
 * The events after `after`, oldest first, at most `limit`, of the given
 * types; `next` is the last id read (or `after` when none was new), to pass
 * back as `after`. Ids are visible in order (lib/events/record-event.ts), so
 * reading on from `next` never skips one.
 */
export async function listEvents({ after, types, limit }: ListEventsQuery): Promise<EventPage> {
  const where: Prisma.EventWhereInput = { id: { gt: after } };
  if (types?.length) where.type = { in: types };
  const rows = await db().event.findMany({ where, orderBy: { id: "asc" }, take: limit });
  const events = rows.map(toEventJson);
  return { events, next: events.at(-1)?.id ?? after };
}

function toEventJson(row: {
  id: bigint;
  type: string;
  at: Date;
  subject: Prisma.JsonValue;
  data: Prisma.JsonValue;
  origin: string;
}): EventJson {
  return {
    id: Number(row.id),
    type: row.type as EventType,
    at: row.at.toISOString(),
    subject: row.subject as EventSubject,
    data: row.data as Record<string, unknown>,
    origin: row.origin,
  };
}

/** The newest event's id (0 before the first): where a stream that wants only what comes next starts. */
export async function latestEventId(): Promise<number> {
  const counter = await db().eventCounter.findUnique({ where: { id: 1 }, select: { lastId: true } });
  return Number(counter?.lastId ?? 0);
}

/** Deletes the events older than `keepDays` days (EVENTS_KEEP_DAYS); returns how many. */
export async function pruneEvents({ keepDays, now = new Date() }: { keepDays: number; now?: Date }): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 24 * 60 * 60 * 1000);
  const { count } = await db().event.deleteMany({ where: { at: { lt: before } } });
  return count;
}
