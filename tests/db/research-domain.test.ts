import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { yymmdd } from "@/lib/db/daily-counter";
import { camelize } from "@/lib/http/wire";
import { buildSnapshot, SNAPSHOT_QUERY_COUNT, type SnapshotClient } from "@/lib/research/build-snapshot";
import { getItemDetailOrThrow } from "@/lib/research/get-item";
import { createNote, listNotes } from "@/lib/research/notes";
import { recordObservation } from "@/lib/research/record-observation";
import { listNotesQuery, observeBody, type Availability } from "@/lib/research/schemas";

// All research domain tests live in this one file: in db:postgres the
// db suites share one PostgreSQL database, and the snapshot sections are
// global, so each test starts from empty research tables.
beforeEach(async () => {
  await db().$executeRaw`DELETE FROM observation`;
  await db().$executeRaw`DELETE FROM research_session`;
  await db().$executeRaw`DELETE FROM item`;
  await db().$executeRaw`DELETE FROM note`;
  await db().$executeRaw`DELETE FROM daily_counter WHERE scope = 'BR'`;
});

const observe = (fields: Record<string, unknown>) =>
  recordObservation({ origin: { kind: "local" }, input: camelize(observeBody.parse(fields)) });
const today = () => yymmdd(new Date());

// Observations with chosen times, for the snapshot sections that depend on order.
let seq = 0;
async function seedObservation(fields: {
  itemId: number;
  source: string;
  price?: string | null;
  currency?: string;
  availability?: Availability;
  minutesAgo: number;
  sessionId?: number | null;
  url?: string | null;
  /** This machine's unless said: a stranger's take no part in drops by default. */
  origin?: string;
}) {
  seq += 1;
  return db().observation.create({
    data: {
      brId: `BR-TEST-${seq}-${randomUUID().slice(0, 6)}`,
      itemId: fields.itemId,
      source: fields.source,
      price: fields.price ?? null,
      currency: fields.currency ?? "EUR",
      availability: fields.availability ?? "in_stock",
      sessionId: fields.sessionId ?? null,
      url: fields.url ?? null,
      origin: fields.origin ?? "local",
      observedAt: new Date(Date.now() - fields.minutesAgo * 60_000),
    },
  });
}

const seedItem = (name: string) => db().item.create({ data: { name, nameKey: name.toLowerCase() } });

describe("recordObservation", () => {
  it("creates the item on first use with category and spec, then matches its name case-insensitively", async () => {
    const first = await observe({ item_name: "RTX 4090", item_category: "gpu", item_spec: "24 GB", source: "Shop A" });
    const second = await observe({ item_name: "  rtx 4090 ", item_category: "other", source: "Shop B" });
    expect(second.item_id).toBe(first.item_id);
    const items = await db().item.findMany();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: "RTX 4090", nameKey: "rtx 4090", category: "gpu", spec: "24 GB" });
  });

  it("fills a missing category or spec later but never overwrites one", async () => {
    const { item_id } = await observe({ item_name: "Desk", source: "A" });
    await observe({ item_name: "DESK", item_category: "furniture", item_spec: "120x60", source: "A" });
    await observe({ item_name: "desk", item_category: "changed", item_spec: "changed", source: "A" });
    const item = await db().item.findUniqueOrThrow({ where: { id: item_id } });
    expect(item).toMatchObject({ category: "furniture", spec: "120x60" });
  });

  it("uses an existing item_id and refuses an unknown one with not_found without using a number", async () => {
    const item = await seedItem("Chair");
    const first = await observe({ item_id: item.id, source: "A" });
    expect(first.item_id).toBe(item.id);
    const missing = observe({ item_id: item.id + 1000, source: "A" });
    await expect(missing).rejects.toBeInstanceOf(AppError);
    await expect(missing).rejects.toMatchObject({ code: "not_found" });
    const next = await observe({ item_id: item.id, source: "A" });
    expect(next.br_id).toBe(`BR-${today()}-2`);
  });

  it("numbers observations BR-<yymmdd>-1, 2, 3 within the UTC day", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await observe({ item_name: "Lamp", source: "A" })).br_id);
    expect(ids).toEqual([1, 2, 3].map((n) => `BR-${today()}-${n}`));
  });

  it("gives the number back when the insert fails (same transaction)", async () => {
    await observe({ item_name: "Lamp", source: "A" });
    // The schema refuses NUL; bypassing it makes the observation INSERT itself
    // fail after the counter was incremented.
    const input = { ...camelize(observeBody.parse({ item_name: "Lamp", source: "A" })), notes: "bad\u0000note" };
    await expect(recordObservation({ input, origin: { kind: "local" } })).rejects.toThrow();
    const next = await observe({ item_name: "Lamp", source: "A" });
    expect(next.br_id).toBe(`BR-${today()}-2`);
    expect(await db().observation.count()).toBe(2);
  });

  it("stores European and plain prices as Decimal, and no price as null", async () => {
    const cases: [unknown, string | null][] = [
      ["1.234,56 €", "1234.56"],
      ["12,5", "12.50"],
      [12.5, "12.50"],
      ["1 234,56", "1234.56"],
      [null, null],
      ["", null],
    ];
    for (const [price, stored] of cases) {
      const { obs_id } = await observe({ item_name: "Price probe", source: "A", price });
      const row = await db().observation.findUniqueOrThrow({ where: { id: obs_id } });
      expect(row.price === null ? null : row.price.toFixed(2)).toBe(stored);
    }
  });

  it("creates a session from session_slug and updates its title without losing its context", async () => {
    await observe({
      item_name: "A",
      source: "S",
      session_slug: "gpus",
      session_title: "GPUs",
      session_context: "Find a GPU",
    });
    await observe({ item_name: "B", source: "S", session_slug: "gpus", session_title: "GPUs under 500" });
    const sessions = await db().researchSession.findMany({ include: { _count: { select: { observations: true } } } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ slug: "gpus", title: "GPUs under 500", context: "Find a GPU" });
    expect(sessions[0]?._count.observations).toBe(2);
  });

  it("survives 50 concurrent first observations of one new name: one item, br_ids 1..50", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        observe({ item_name: "Hot New Thing", source: `shop-${i % 5}`, price: "10" }),
      ),
    );
    expect(new Set(results.map((r) => r.item_id)).size).toBe(1);
    const numbers = results.map((r) => Number(r.br_id.split("-")[2])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(results.every((r) => r.br_id.startsWith(`BR-${today()}-`))).toBe(true);
    expect(await db().item.count()).toBe(1);
  });
});

describe("notes", () => {
  it("lists notes newest first, limited and filtered by session_slug", async () => {
    for (let i = 1; i <= 5; i++) {
      await createNote({
        origin: { kind: "local" },
        input: { content: `note ${i}`, sessionSlug: i % 2 ? "odd" : undefined },
      });
    }
    const all = await listNotes({ query: camelize(listNotesQuery.parse({})) });
    expect(all.map((n) => n.content)).toEqual(["note 5", "note 4", "note 3", "note 2", "note 1"]);
    const two = await listNotes({ query: camelize(listNotesQuery.parse({ limit: "2" })) });
    expect(two.map((n) => n.content)).toEqual(["note 5", "note 4"]);
    const odd = await listNotes({ query: camelize(listNotesQuery.parse({ session_slug: "odd" })) });
    expect(odd.map((n) => n.content)).toEqual(["note 5", "note 3", "note 1"]);
    expect(odd[0]).toEqual({
      id: expect.any(Number),
      content: "note 5",
      session_slug: "odd",
      origin: "local",
      created_at: expect.any(String),
    });
  });
});

describe("getItemDetailOrThrow", () => {
  it("returns observations newest first and latest/min/max/availability per source", async () => {
    const item = await seedItem("Monitor");
    await seedObservation({ itemId: item.id, source: "A", price: "300.00", minutesAgo: 30 });
    await seedObservation({ itemId: item.id, source: "A", price: "250.00", minutesAgo: 20 });
    await seedObservation({ itemId: item.id, source: "A", price: null, availability: "oos", minutesAgo: 10 });
    await seedObservation({ itemId: item.id, source: "B", price: "280.00", minutesAgo: 5 });
    const detail = await getItemDetailOrThrow({ id: item.id });
    expect(detail.item).toMatchObject({ item_id: item.id, item_name: "Monitor" });
    expect(detail.observations.map((o) => [o.source, o.price])).toEqual([
      ["B", "280.00"],
      ["A", null],
      ["A", "250.00"],
      ["A", "300.00"],
    ]);
    expect(detail.by_source).toEqual([
      expect.objectContaining({
        source: "A",
        latest_price: "250.00",
        min_price: "250.00",
        max_price: "300.00",
        availability: "oos",
      }),
      expect.objectContaining({
        source: "B",
        latest_price: "280.00",
        min_price: "280.00",
        max_price: "280.00",
        availability: "in_stock",
      }),
    ]);
  });

  it("throws not_found for an unknown id", async () => {
    await expect(getItemDetailOrThrow({ id: 999_999 })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("buildSnapshot", () => {
  it("counts items, observations, sessions, distinct sources and notes", async () => {
    await observe({ item_name: "A", source: "Shop 1", session_slug: "s1" });
    await observe({ item_name: "B", source: "Shop 2", session_slug: "s2" });
    await observe({ item_name: "a", source: "Shop 2" });
    await createNote({ origin: { kind: "local" }, input: { content: "hi" } });
    const { counts } = await buildSnapshot();
    expect(counts).toEqual({ items: 2, obs: 3, sessions: 2, sources: 2, notes: 1 });
  });

  it("keeps obs and sources exact under 50 concurrent observes", async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => observe({ item_name: `Rush ${i % 10}`, source: `shop-${i % 7}` })),
    );
    const { counts } = await buildSnapshot();
    const [actual] = await db().$queryRaw<{ obs: number; sources: number }[]>`
      SELECT count(*)::int AS obs, count(DISTINCT source)::int AS sources FROM observation`;
    expect(actual).toEqual({ obs: 50, sources: 7 });
    expect(counts).toMatchObject({ items: 10, obs: 50, sources: 7 });
  });

  it("counts follow every writer of observation: bulk inserts, source changes, deletes, truncation", async () => {
    const item = await seedItem("Counted");
    const row = (source: string, n: number) => ({ brId: `BR-COUNT-${source}-${n}`, itemId: item.id, source });
    await db().observation.createMany({ data: [row("A", 1), row("A", 2), row("B", 1), row("C", 1)] });
    expect((await buildSnapshot()).counts).toMatchObject({ obs: 4, sources: 3 });

    await db().observation.updateMany({ where: { source: "C" }, data: { source: "A" } });
    expect((await buildSnapshot()).counts).toMatchObject({ obs: 4, sources: 2 });

    await db().observation.deleteMany({ where: { source: "A" } });
    expect((await buildSnapshot()).counts).toMatchObject({ obs: 1, sources: 1 });

    await db().$executeRaw`TRUNCATE observation`;
    expect((await buildSnapshot()).counts).toMatchObject({ obs: 0, sources: 0 });
    await observe({ item_name: "After", source: "A" });
    expect((await buildSnapshot()).counts).toMatchObject({ obs: 1, sources: 1 });
  });

  it("lists the 20 most recent observations with price_fmt in pt-PT and a plain space", async () => {
    for (let i = 1; i <= 22; i++) {
      await observe({
        item_name: `Item ${i}`,
        source: "Shop",
        price: i === 22 ? "1.234,56" : null,
        url: "https://shop.example/x",
      });
    }
    const { recent } = await buildSnapshot();
    expect(recent).toHaveLength(20);
    expect(recent[0]).toEqual({
      br_id: `BR-${today()}-22`,
      item_id: expect.any(Number),
      item_name: "Item 22",
      source: "Shop",
      url: "https://shop.example/x",
      price: "1234.56",
      price_fmt: "1234,56 €",
      currency: "EUR",
      availability: "unknown",
      observed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      session_slug: null,
      origin: "local",
    });
    expect(recent[1]?.price_fmt).toBeNull();
    expect(recent.at(-1)?.item_name).toBe("Item 3");
  });

  it("lists the 10 most recently active sessions with item_count, obs_count and last_obs", async () => {
    for (let i = 1; i <= 12; i++)
      await observe({ item_name: `I${i}`, source: "S", session_slug: `s${i}`, session_title: `T${i}` });
    await observe({ item_name: "I1", source: "S", session_slug: "s1" });
    await observe({ item_name: "I2", source: "S", session_slug: "s1" });
    const { sessions } = await buildSnapshot();
    expect(sessions).toHaveLength(10);
    expect(sessions[0]).toEqual({
      slug: "s1",
      title: "T1",
      context: null,
      origin: "local",
      item_count: 2,
      obs_count: 3,
      last_obs: expect.stringMatching(/Z$/),
    });
    expect(sessions.map((s) => s.slug).slice(1)).toEqual(["s12", "s11", "s10", "s9", "s8", "s7", "s6", "s5", "s4"]);
  });

  it("lists the 30 newest notes", async () => {
    for (let i = 1; i <= 32; i++) await createNote({ origin: { kind: "local" }, input: { content: `n${i}` } });
    const { notes } = await buildSnapshot();
    expect(notes).toHaveLength(30);
    expect(notes[0]).toMatchObject({ content: "n32", session_slug: null });
    expect(notes.at(-1)?.content).toBe("n3");
  });

  it("reports per item and source the newest priced observation lower than the one before it", async () => {
    const gpu = await seedItem("GPU");
    const cpu = await seedItem("CPU");
    // GPU at A: 500 → (unpriced) → 400 → 450: the newest drop is 500→400,
    // the unpriced observation in between is skipped.
    await seedObservation({
      itemId: gpu.id,
      source: "A",
      price: "500.00",
      minutesAgo: 50,
      url: "https://a.example/gpu",
    });
    await seedObservation({ itemId: gpu.id, source: "A", price: null, minutesAgo: 45 });
    const drop = await seedObservation({
      itemId: gpu.id,
      source: "A",
      price: "400.00",
      minutesAgo: 40,
      url: "https://a.example/gpu",
    });
    await seedObservation({ itemId: gpu.id, source: "A", price: "450.00", minutesAgo: 30 });
    // GPU at B: rising only, no drop.
    await seedObservation({ itemId: gpu.id, source: "B", price: "100.00", minutesAgo: 50 });
    await seedObservation({ itemId: gpu.id, source: "B", price: "110.00", minutesAgo: 20 });
    // CPU at A: a currency change is not a drop; then 90 → 60 USD is.
    await seedObservation({ itemId: cpu.id, source: "A", price: "100.00", currency: "EUR", minutesAgo: 50 });
    await seedObservation({ itemId: cpu.id, source: "A", price: "90.00", currency: "USD", minutesAgo: 40 });
    await seedObservation({ itemId: cpu.id, source: "A", price: "60.00", currency: "USD", minutesAgo: 10 });

    const { drops } = await buildSnapshot();
    expect(drops).toEqual([
      {
        item_id: cpu.id,
        item_name: "CPU",
        source: "A",
        url: null,
        currency: "USD",
        old_price: "90.00",
        new_price: "60.00",
        drop_pct: 33.3,
        br_id: expect.any(String),
        observed_at: expect.any(String),
        origin: "local",
        old_origin: "local",
      },
      {
        item_id: gpu.id,
        item_name: "GPU",
        source: "A",
        url: "https://a.example/gpu",
        currency: "EUR",
        old_price: "500.00",
        new_price: "400.00",
        drop_pct: 20,
        br_id: drop.brId,
        observed_at: drop.observedAt.toISOString(),
        origin: "local",
        old_origin: "local",
      },
    ]);
  });

  it("reads strangers' observations for drops only when told to, and names both prices' origins", async () => {
    const kettle = await seedItem("Kettle");
    // The household: 200 → 150; a stranger's 1.00 between them, and its 0.50 after.
    await seedObservation({ itemId: kettle.id, source: "A", price: "200.00", minutesAgo: 50, origin: "operator" });
    await seedObservation({ itemId: kettle.id, source: "A", price: "1.00", minutesAgo: 40, origin: "anonymous" });
    await seedObservation({ itemId: kettle.id, source: "A", price: "150.00", minutesAgo: 30, origin: "key:agent" });
    await seedObservation({ itemId: kettle.id, source: "A", price: "0.50", minutesAgo: 20, origin: "anonymous" });
    // A stranger's inflated price, then the household's.
    const scale = await seedItem("Scale");
    await seedObservation({ itemId: scale.id, source: "B", price: "9999.00", minutesAgo: 50, origin: "anonymous" });
    await seedObservation({ itemId: scale.id, source: "B", price: "49.00", minutesAgo: 10, origin: "local" });

    const without = (await buildSnapshot({ anonymousDrops: false })).drops;
    expect(without.map((d) => [d.item_name, d.old_price, d.new_price, d.old_origin, d.origin])).toEqual([
      ["Kettle", "200.00", "150.00", "operator", "key:agent"],
    ]);
    const withStrangers = (await buildSnapshot({ anonymousDrops: true })).drops;
    expect(withStrangers.map((d) => [d.item_name, d.old_price, d.new_price, d.old_origin, d.origin])).toEqual([
      ["Scale", "9999.00", "49.00", "anonymous", "local"],
      ["Kettle", "150.00", "0.50", "key:agent", "anonymous"],
    ]);
  });

  it("reads an account's observations as a stranger's: no drop of its own, and not the price a drop is measured from", async () => {
    const grinder = await seedItem("Grinder");
    await seedObservation({ itemId: grinder.id, source: "A", price: "80.00", minutesAgo: 50, origin: "operator" });
    await seedObservation({ itemId: grinder.id, source: "A", price: "2.00", minutesAgo: 40, origin: "account:7" });
    await seedObservation({ itemId: grinder.id, source: "A", price: "70.00", minutesAgo: 30, origin: "local" });
    await seedObservation({ itemId: grinder.id, source: "A", price: "1.00", minutesAgo: 20, origin: "account:7" });
    const without = (await buildSnapshot({ anonymousDrops: false })).drops;
    expect(without.map((d) => [d.old_price, d.new_price, d.old_origin, d.origin])).toEqual([
      ["80.00", "70.00", "operator", "local"],
    ]);
    const withStrangers = (await buildSnapshot({ anonymousDrops: true })).drops;
    expect(withStrangers.map((d) => [d.old_price, d.new_price, d.origin])).toEqual([["70.00", "1.00", "account:7"]]);

    // Its write raises no price.dropped either, as the household's lower price does.
    const dropsOf = async () =>
      (await db().event.findMany({ where: { type: "price.dropped" }, select: { data: true } })).filter(
        (event) => (event.data as { item_id?: number }).item_id === grinder.id,
      ).length;
    const before = await dropsOf();
    await recordObservation({
      origin: { kind: "account", id: 7 },
      input: camelize(observeBody.parse({ item_id: grinder.id, source: "A", price: 0.5 })),
    });
    expect(await dropsOf()).toBe(before);
    await observe({ item_id: grinder.id, source: "A", price: 60 });
    expect(await dropsOf()).toBe(before + 1);
  });

  it("writes nothing, not even a new item, for an observe refused another's session", async () => {
    const account = await db().account.create({
      data: { email: `writer-${randomUUID()}@outside.example`, name: "Outsider", status: "active" },
    });
    await recordObservation({
      origin: { kind: "account", id: account.id },
      input: camelize(observeBody.parse({ item_name: "Kettle", source: "A", price: 20, session_slug: "kettles" })),
    });
    const stored = await db().researchSession.findFirstOrThrow({ where: { accountId: account.id } });
    expect(stored.slug).toBe(`kettles@account-${account.id}`);

    const refused = observe({ item_name: "Toaster", source: "A", price: 30, session_slug: stored.slug });
    await expect(refused).rejects.toMatchObject({ code: "forbidden" });
    expect(await db().item.findMany({ where: { name: "Toaster" } })).toEqual([]);
    expect(await db().observation.count({ where: { sessionId: stored.id } })).toBe(1);
  });

  it("lists a pair with many recent drops once, with its newest drop, and still finds older pairs", async () => {
    const busy = await seedItem("Busy");
    for (let i = 0; i < 15; i++) {
      await seedObservation({ itemId: busy.id, source: "A", price: `${100 - i}.00`, minutesAgo: 30 - i });
    }
    const quiet = await seedItem("Quiet");
    await seedObservation({ itemId: quiet.id, source: "Z", price: "50.00", minutesAgo: 500 });
    await seedObservation({ itemId: quiet.id, source: "Z", price: "40.00", minutesAgo: 400 });
    const { drops } = await buildSnapshot();
    expect(drops.map((d) => [d.item_name, d.old_price, d.new_price])).toEqual([
      ["Busy", "87.00", "86.00"],
      ["Quiet", "50.00", "40.00"],
    ]);
  });

  it("keeps only the 10 newest drops", async () => {
    for (let i = 0; i < 12; i++) {
      const item = await seedItem(`Dropper ${i}`);
      await seedObservation({ itemId: item.id, source: "A", price: "20.00", minutesAgo: 100 });
      await seedObservation({ itemId: item.id, source: "A", price: "10.00", minutesAgo: 50 - i });
    }
    const { drops } = await buildSnapshot();
    expect(drops.map((d) => d.item_name)).toEqual(Array.from({ length: 10 }, (_, i) => `Dropper ${11 - i}`));
  });

  it("lists item and source pairs whose newest observation is oos, since the start of that run", async () => {
    const item = await seedItem("Console");
    await seedObservation({ itemId: item.id, source: "A", availability: "oos", minutesAgo: 60 });
    await seedObservation({ itemId: item.id, source: "A", availability: "in_stock", minutesAgo: 50 });
    const start = await seedObservation({
      itemId: item.id,
      source: "A",
      availability: "oos",
      minutesAgo: 40,
      url: "https://a.example/c",
    });
    await seedObservation({
      itemId: item.id,
      source: "A",
      availability: "oos",
      minutesAgo: 30,
      url: "https://a.example/c2",
    });
    // Back in stock at B: not listed.
    await seedObservation({ itemId: item.id, source: "B", availability: "oos", minutesAgo: 40 });
    await seedObservation({ itemId: item.id, source: "B", availability: "in_stock", minutesAgo: 10 });

    const { oos } = await buildSnapshot();
    expect(oos).toEqual([
      {
        item_id: item.id,
        item_name: "Console",
        source: "A",
        url: "https://a.example/c2",
        since: start.observedAt.toISOString(),
        origin: "local",
      },
    ]);
  });

  it("runs the same number of queries (one per section) whatever the data size", async () => {
    let queries = 0;
    const counting = db().$extends({
      query: {
        $allOperations({ args, query }) {
          queries += 1;
          return query(args);
        },
      },
    });
    const countQueries = async () => {
      queries = 0;
      // The extended client is a PrismaClient at run time; its type differs only in extension slots.
      await buildSnapshot({ client: counting as unknown as SnapshotClient });
      return queries;
    };

    const small = await countQueries();
    for (let i = 0; i < 30; i++) {
      const item = await seedItem(`Bulk ${i}`);
      const session = await db().researchSession.create({ data: { slug: `bulk-${i}` } });
      await seedObservation({ itemId: item.id, source: "A", price: "20.00", minutesAgo: 100, sessionId: session.id });
      await seedObservation({ itemId: item.id, source: "A", price: "10.00", minutesAgo: 50, sessionId: session.id });
      await seedObservation({ itemId: item.id, source: "B", availability: "oos", minutesAgo: 40 });
      await createNote({ origin: { kind: "local" }, input: { content: `bulk ${i}` } });
    }
    const large = await countQueries();
    expect(small).toBe(SNAPSHOT_QUERY_COUNT);
    expect(large).toBe(SNAPSHOT_QUERY_COUNT);
  });
});
