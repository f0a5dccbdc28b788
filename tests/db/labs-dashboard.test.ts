import { describe, expect, inject, it } from "vitest";
import { logTodo } from "@/lib/ask/log-todo";
import { logTodoBody, updateTodoBody } from "@/lib/ask/schemas";
import { updateTodo } from "@/lib/ask/update-todo";
import { getDatabase } from "@/lib/db";
import { camelize } from "@/lib/http/wire";
import { buildDashboard } from "@/lib/labs/build-dashboard";
import { DASHBOARD_TOP, dashboardResponse } from "@/lib/labs/schemas";
import { createNote } from "@/lib/research/notes";
import { recordObservation } from "@/lib/research/record-observation";
import { observeBody } from "@/lib/research/schemas";
import { recordScan } from "@/lib/scan/record-scan";
import { openScanSession } from "@/lib/scan/scan-session";
import { unique } from "@/tests/support/factories";

// The operator dashboard's data (lib/labs/build-dashboard.ts) on a real
// database. In db:postgres the db suites share one database, so
// counts are at least what a test made, and the scan tests run on a clock of
// their own (2099), where no other test's scans are.

async function seedAsks(count: number) {
  for (let i = 0; i < count; i++) {
    await logTodo({
      origin: { kind: "local" },
      input: camelize(logTodoBody.parse({ text: unique(`Pending ${i}`), priority: 5 })),
    });
    const decision = await logTodo({
      origin: { kind: "local" },
      input: camelize(logTodoBody.parse({ text: unique(`Decision ${i}`), priority: 5 })),
    });
    await updateTodo({
      id: decision.id,
      input: camelize(updateTodoBody.parse({ status: "needs_decision", response: "A) yes B) no" })),
    });
  }
}

/** An item with a price drop at one source and out of stock at another, and a note. */
async function seedResearch(count: number) {
  for (let i = 0; i < count; i++) {
    const item_name = unique(`Lens ${i}`);
    for (const [source, price, availability] of [
      ["Shop A", "200,00", "in_stock"],
      ["Shop A", "150,00", "in_stock"],
      ["Shop B", null, "oos"],
    ] as const) {
      await recordObservation({
        origin: { kind: "local" },
        input: camelize(observeBody.parse({ item_name, source, price, availability })),
      });
    }
    await createNote({ origin: { kind: "local" }, input: { content: unique(`Note ${i}`) } });
  }
}

describe("buildDashboard", () => {
  it("matches its response schema and lists at most five of each, with the full counts", async () => {
    await seedAsks(DASHBOARD_TOP + 2);
    await seedResearch(DASHBOARD_TOP + 2);
    const dashboard = dashboardResponse.parse(await buildDashboard());

    expect(dashboard.health.ok).toBe(true);
    expect(dashboard.health.database).toMatchObject({
      ok: true,
      kind: inject("postgresBase") ? "postgresql" : "pglite",
    });
    expect(dashboard.health.services.map((service) => [service.service, service.ok])).toEqual([
      ["scan", true],
      ["ask", true],
      ["research", true],
      ["labs", true],
    ]);
    // PGlite's disk is this machine's, and its free space is shown; a PostgreSQL server's is not.
    const onPglite = !inject("postgresBase");
    const free = (word: string) => (onPglite ? `; [\\d.,\\s]+ [MG]iB ${word}` : "");
    expect(dashboard.health.services.find((s) => s.service === "labs")?.detail).toMatch(
      new RegExp(`migrations up to date; no backup yet${free("free on disk")}$`),
    );

    // The details are written in the reader's language, like an error message.
    const portuguese = dashboardResponse.parse(await buildDashboard({ locale: "pt-PT" }));
    expect(portuguese.health.services.map((service) => service.detail)).toEqual([
      expect.stringMatching(/^Dados dos produtos de /),
      "Rascunhos pelo modelo de texto incluído",
      expect.stringMatching(/^API /),
      expect.stringMatching(new RegExp(`; migrações em dia; ainda sem cópia de segurança${free("livres no disco")}$`)),
    ]);

    for (const list of [dashboard.ask.pending, dashboard.ask.decisions]) {
      expect(list.todos).toHaveLength(DASHBOARD_TOP);
      expect(list.count).toBeGreaterThanOrEqual(DASHBOARD_TOP + 2);
    }
    expect(dashboard.ask.pending.todos.every((todo) => todo.status === "pending")).toBe(true);
    expect(dashboard.ask.decisions.todos.every((todo) => todo.status === "needs_decision")).toBe(true);
    // Queue order: highest priority first, then oldest first.
    const order = dashboard.ask.pending.todos.map((todo) => [-todo.priority, todo.created_at, todo.id]);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const { research } = dashboard;
    expect([research.recent, research.drops, research.oos, research.notes].map((list) => list.length)).toEqual([
      DASHBOARD_TOP,
      DASHBOARD_TOP,
      DASHBOARD_TOP,
      DASHBOARD_TOP,
    ]);
    expect(research.oos_count).toBeGreaterThanOrEqual(DASHBOARD_TOP + 2);
    expect(research.counts.notes).toBeGreaterThanOrEqual(DASHBOARD_TOP + 2);
    // The newest first, as the research snapshot has them.
    expect(research.recent[0]).toMatchObject({ source: "Shop B", availability: "oos" });
  });

  it("counts today's scans by the UTC day and shows the caller's open session, else the latest", async () => {
    const now = new Date("2099-06-15T12:00:00Z");
    const at = (iso: string) => new Date(`2099-06-${iso}Z`);

    const lateYesterday = await openScanSession({ now: at("14T23:30:00") });
    await recordScan({ value: unique("yesterday"), sessionId: lateYesterday, now: at("14T23:30:00") });
    const mine = await openScanSession({ now: at("15T11:00:00") });
    const myScan = unique("my scan");
    await recordScan({ value: myScan, sessionId: mine, now: at("15T11:00:00") });
    const other = await openScanSession({ now: at("15T11:10:00") });
    const values = [unique("first"), unique("second"), unique("third")];
    for (const [i, value] of values.entries()) {
      await recordScan({ value, sessionId: other, now: at(`15T11:${20 + i}:00`) });
    }

    const latest = await buildDashboard({ now });
    expect(latest.scan).toMatchObject({ day: "2099-06-15", scans_today: 4 });
    expect(latest.scan.session).toMatchObject({ id: other, mine: false, state: "open", scans: 3, invoices: 0 });
    expect(latest.scan.session?.recent_scans.map((scan) => scan.value)).toEqual([...values].reverse());

    const own = await buildDashboard({ now, scanSessionId: mine });
    expect(own.scan.session).toMatchObject({ id: mine, mine: true, scans: 1 });
    expect(own.scan.session?.recent_scans.map((scan) => scan.value)).toEqual([myScan]);

    // An own session that ended, expired or never existed gives way to the latest.
    for (const id of [lateYesterday, "S-990615-999999-AAAAAAAAAAAAAAAAAAAAAA"]) {
      expect((await buildDashboard({ now, scanSessionId: id })).scan.session).toMatchObject({ id: other, mine: false });
    }
    // At 14:00 the latest session has been idle for over two hours.
    const later = await buildDashboard({ now: at("15T14:00:00") });
    expect(later.scan.session).toMatchObject({ id: other, state: "expired" });
  });

  it("runs the same number of queries whatever the data size", async () => {
    const database = getDatabase();
    const plain = database.prisma;
    let queries = 0;
    const counting = plain.$extends({
      query: {
        $allOperations({ args, query }) {
          queries += 1;
          return query(args);
        },
      },
    });
    const countQueries = async () => {
      queries = 0;
      // Every lib function asks db() for the client: hand them the counting one.
      database.prisma = counting as unknown as typeof plain;
      try {
        await buildDashboard();
      } finally {
        database.prisma = plain;
      }
      return queries;
    };

    // One of everything first, so no section is skipped for being empty.
    await seedAsks(1);
    await seedResearch(1);
    await recordScan({ value: unique("seed scan"), sessionId: await openScanSession() });
    const small = await countQueries();
    await seedAsks(10);
    await seedResearch(10);
    const session = await openScanSession();
    for (let i = 0; i < 10; i++) await recordScan({ value: unique(`bulk ${i}`), sessionId: session });
    const large = await countQueries();
    expect(large).toBe(small);
    // 17 when written (the ping, 4 + 2 for the queue lists, 6 for the snapshot, 3
    // for scans, 1 for migrations); 22 since the lists answer a page and count
    // their whole (docs/decisions/006-bounded-lists.md).
    expect(small).toBeLessThanOrEqual(22);
  });
});
