import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countLoopTurns } from "@/tests/support/loop-turns";
import { until } from "@/tests/support/until";
import { db } from "@/lib/db";
import { aheadOfRequests, PGliteThread, pgliteThreadAdapter } from "@/lib/db/pglite-thread";

// PGlite works in a thread of its own (docs/decisions/016-pglite-in-a-worker.md):
// what the server's thread may do while a statement runs, and what reaches
// Prisma from the other thread. The same file runs on PostgreSQL, where the
// first two hold by nature.

// Long against the few milliseconds Prisma spends on either side of it.
const LONG_STATEMENT = "SELECT count(*)::int AS n FROM generate_series(1, 1000000)";

describe("the database's work", () => {
  it("lets the server's event loop turn while a long statement runs", async () => {
    // Connecting and Prisma's first query work in this thread: not part of it.
    await db().$queryRaw`SELECT 1`;
    // Counts the event loop's turns until the statement answers. PGlite in
    // this thread would run the whole statement inside one turn.
    const loop = countLoopTurns();
    const [{ n }] = await db().$queryRawUnsafe<[{ n: number }]>(LONG_STATEMENT);
    const turns = loop.stop();
    expect(n).toBe(1_000_000);
    // Thousands with PGlite in its thread or on PostgreSQL; none in this thread.
    expect(turns).toBeGreaterThan(10);
  });

  it("brings a failed statement back with the database's error", async () => {
    const store = { name: "Thread Test", nameKey: "thread test" };
    await db().store.create({ data: store });
    await expect(db().store.create({ data: store })).rejects.toMatchObject({ code: "P2002" });
    await expect(db().$queryRawUnsafe("SELECT 1 / 0")).rejects.toThrow(/division by zero/);
  });

  it("keeps a transaction's writes apart until it commits, and drops them when it fails", async () => {
    const failed = db().$transaction(async (tx) => {
      await tx.store.create({ data: { name: "Rolled Back", nameKey: "rolled back" } });
      throw new Error("changed my mind");
    });
    await expect(failed).rejects.toThrow("changed my mind");
    expect(await db().store.count({ where: { nameKey: "rolled back" } })).toBe(0);

    await db().$transaction(async (tx) => {
      await tx.store.create({ data: { name: "Committed", nameKey: "committed" } });
      expect(await tx.store.count({ where: { nameKey: "committed" } })).toBe(1);
    });
    expect(await db().store.count({ where: { nameKey: "committed" } })).toBe(1);
  });
});

describe("the PGlite thread", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "labs-thread-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("refuses every call when the database cannot be opened, rather than hanging", async () => {
    const notAFolder = path.join(folder, "a-file");
    writeFileSync(notAFolder, "not a database");
    const thread = new PGliteThread(notAFolder);
    await expect(thread.ready()).rejects.toThrow();
    const adapter = await pgliteThreadAdapter(thread).connect();
    await expect(adapter.queryRaw({ sql: "SELECT 1", args: [], argTypes: [] })).rejects.toThrow();
    await thread.close().catch(() => undefined);
  });

  it("runs a statement sent ahead before those already waiting", async () => {
    const thread = new PGliteThread("memory://");
    const adapter = await pgliteThreadAdapter(thread).connect();
    const done: string[] = [];
    const query = (label: string, sql: string) =>
      adapter.queryRaw({ sql, args: [], argTypes: [] }).then(() => void done.push(label));
    await query("open", "SELECT 1");
    // The long one runs (or is about to); the next three wait behind it, in order.
    const waiting = [query("request 1", LONG_STATEMENT)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    waiting.push(...[2, 3, 4].map((n) => query(`request ${n}`, "SELECT 1")));
    const ahead = aheadOfRequests(() => query("ahead", "SELECT 1"));
    await Promise.all([...waiting, ahead]);
    expect(done.indexOf("ahead")).toBeLessThan(done.indexOf("request 2"));
    expect(done.filter((label) => label.startsWith("request"))).toEqual([
      "request 1",
      "request 2",
      "request 3",
      "request 4",
    ]);
    await thread.close();
  });

  it("while a transaction is open, runs its statements and holds the others until it ends", async () => {
    const thread = new PGliteThread("memory://");
    const adapter = await pgliteThreadAdapter(thread).connect();
    const done: string[] = [];
    const transaction = await adapter.startTransaction();
    const outside = adapter.queryRaw({ sql: "SELECT 1", args: [], argTypes: [] }).then(() => void done.push("outside"));
    const ahead = aheadOfRequests(() =>
      adapter.queryRaw({ sql: "SELECT 2", args: [], argTypes: [] }).then(() => void done.push("ahead")),
    );
    await transaction.queryRaw({ sql: "SELECT 3", args: [], argTypes: [] });
    done.push("inside");
    await transaction.commit();
    await Promise.all([outside, ahead]);
    expect(done).toEqual(["inside", "ahead", "outside"]);
    await thread.close();
  });

  // PGlite has no autovacuum: the thread vacuums (docs/decisions/039-pglite-upkeep.md).
  describe("its upkeep", () => {
    const statement = (sql: string) => ({ sql, args: [], argTypes: [] });
    const lastVacuum = async (adapter: {
      queryRaw: (q: ReturnType<typeof statement>) => Promise<{ rows: unknown[][] }>;
    }) =>
      (
        await adapter.queryRaw(
          statement("SELECT last_vacuum::text, last_analyze::text FROM pg_stat_user_tables WHERE relname = 'churn'"),
        )
      ).rows[0];

    it("vacuums and analyzes the tables once enough statements have run, and takes back their dead rows", async () => {
      const thread = new PGliteThread("memory://", { upkeep: { statements: 40 } });
      const adapter = await pgliteThreadAdapter(thread).connect();
      await adapter.executeScript(
        "CREATE TABLE churn (id int PRIMARY KEY, n int); INSERT INTO churn SELECT g, 0 FROM generate_series(1, 2000) g",
      );
      const size = async () =>
        Number((await adapter.queryRaw(statement("SELECT pg_relation_size('churn')::int AS size"))).rows[0]![0]);
      expect(await lastVacuum(adapter)).toEqual([null, null]);
      // Each update leaves 2 000 dead rows behind; once vacuumed, the next update reuses their room.
      for (let i = 0; i < 45; i++) await adapter.executeRaw(statement("UPDATE churn SET n = n + 1"));
      const [vacuumed, analyzed] = (await until(
        () => lastVacuum(adapter),
        (row) => row?.[0] !== null,
        "a vacuum",
      ))!;
      expect(vacuumed).not.toBeNull();
      expect(analyzed).not.toBeNull();
      const afterVacuum = await size();
      for (let i = 0; i < 5; i++) await adapter.executeRaw(statement("UPDATE churn SET n = n + 1"));
      expect(await size()).toBeLessThanOrEqual(afterVacuum * 1.5);
      await thread.close();
    });

    it("waits for an open transaction to end", async () => {
      const thread = new PGliteThread("memory://", { upkeep: { statements: 10 } });
      const adapter = await pgliteThreadAdapter(thread).connect();
      await adapter.executeScript("CREATE TABLE churn (id int PRIMARY KEY, n int); INSERT INTO churn VALUES (1, 0)");
      const transaction = await adapter.startTransaction();
      for (let i = 0; i < 30; i++) await transaction.executeRaw(statement("UPDATE churn SET n = n + 1"));
      // VACUUM cannot run inside a transaction block, and none ran between its statements.
      expect((await transaction.queryRaw(statement("SELECT n FROM churn"))).rows).toEqual([[30]]);
      expect(
        (await transaction.queryRaw(statement("SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = 'churn'")))
          .rows,
      ).toEqual([[null]]);
      await transaction.commit();
      await until(
        () => lastVacuum(adapter),
        (row) => row?.[0] !== null,
        "a vacuum after the commit",
      );
      expect((await adapter.queryRaw(statement("SELECT n FROM churn"))).rows).toEqual([[30]]);
      await thread.close();
    });
  });

  it("answers nothing once closed", async () => {
    const thread = new PGliteThread("memory://");
    const adapter = await pgliteThreadAdapter(thread).connect();
    const answer = await adapter.queryRaw({ sql: "SELECT 41 + 1 AS n", args: [], argTypes: [] });
    expect(answer.rows).toEqual([[42]]);
    await thread.close();
    await expect(adapter.queryRaw({ sql: "SELECT 1", args: [], argTypes: [] })).rejects.toThrow("closed");
  });
});
