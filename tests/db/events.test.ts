import { randomUUID } from "node:crypto";
import { camelize } from "@/lib/http/wire";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { todoCreated } from "@/lib/events/ask-events";
import { listEvents, pruneEvents } from "@/lib/events/list-events";
import { recordEvent } from "@/lib/events/record-event";
import { recordObservation } from "@/lib/research/record-observation";
import { observeBody } from "@/lib/research/schemas";

// The event log's promises against the database itself (docs/decisions/022-event-log.md):
// an event commits with its change or not at all, and ids become visible in
// the order they were given, so a reader going on from the last id it saw
// never misses one. On PGlite and, in db:postgres, on PostgreSQL, where
// two connections really do write at once.

async function newestId(): Promise<number> {
  const newest = await db().event.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return Number(newest?.id ?? 0);
}

describe("an event and its change", () => {
  it("are rolled back together: a transaction that fails after writing both leaves neither", async () => {
    const text = `rolled back ${randomUUID()}`;
    const failure = await db()
      .$transaction(async (tx) => {
        const todo = await tx.todo.create({ data: { text, origin: "operator" } });
        await recordEvent(tx, todoCreated({ ...todo, parentId: null }, "operator"));
        throw new Error("the change fails after its event was written");
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(await db().todo.count({ where: { text } })).toBe(0);
    expect(await db().event.count({ where: { data: { path: ["text"], equals: text } } })).toBe(0);
  });

  it("are one statement for an observation: an unknown item writes no observation and no event", async () => {
    const before = await newestId();
    const failure = await recordObservation({
      input: camelize(observeBody.parse({ item_id: 2_000_000_000, source: "Worten", price: "1" })),
      origin: { kind: "operator" },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "not_found" });
    expect(await newestId()).toBe(before);
  });
});

describe("event ids", () => {
  it("become visible in the order they were given: a second writer waits for the first to commit", async () => {
    const before = await newestId();
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
    const event = (text: string) => todoCreated({ id: 0, text, priority: 0, source: null, parentId: null }, "labs");

    const first = db().$transaction(async (tx) => {
      await recordEvent(tx, event("first"));
      firstWrote();
      await firstHolds;
    });
    await firstHasWritten;
    let secondDone = false;
    const second = db()
      .$transaction(async (tx) => recordEvent(tx, event("second")))
      .then(() => (secondDone = true));
    // While the first is open, the second cannot take an id; on PostgreSQL a
    // reader meanwhile sees neither (PGlite's one connection would make the
    // reader wait for the first transaction too).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    if (inject("databaseUrl")) expect((await listEvents({ after: before, limit: 10 })).events).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);
    const { events } = await listEvents({ after: before, limit: 10 });
    const ours = events.filter((e) => e.origin === "labs" && e.subject.id === 0);
    expect(ours.map((e) => e.data.text)).toEqual(["first", "second"]);
    expect(ours[1]!.id).toBeGreaterThan(ours[0]!.id);
  });

  it("increase by one from a single counter, whoever writes", async () => {
    const before = await newestId();
    const event = todoCreated({ id: 0, text: "counted", priority: 0, source: null, parentId: null }, "labs");
    await db().$transaction(async (tx) => recordEvent(tx, event));
    await db().$transaction(async (tx) => recordEvent(tx, event));
    const ids = (await listEvents({ after: before, limit: 100 })).events.map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe("pruneEvents", () => {
  it("deletes the events older than EVENTS_KEEP_DAYS and keeps the rest", async () => {
    const event = todoCreated({ id: 0, text: "old", priority: 0, source: null, parentId: null }, "labs");
    await db().$transaction(async (tx) => recordEvent(tx, event));
    const old = await newestId();
    await db().$transaction(async (tx) => recordEvent(tx, event));
    const recent = await newestId();
    await db().event.update({ where: { id: BigInt(old) }, data: { at: new Date("2020-01-01T00:00:00Z") } });
    await db().event.update({ where: { id: BigInt(recent) }, data: { at: new Date("2020-02-15T00:00:00Z") } });
    const pruned = await pruneEvents({ keepDays: 30, now: new Date("2020-03-01T00:00:00Z") });
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await db().event.count({ where: { id: BigInt(old) } })).toBe(0);
    expect(await db().event.count({ where: { id: BigInt(recent) } })).toBe(1);
  });
});
