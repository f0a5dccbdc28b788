import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { api, operatorCookie } from "@/tests/api/client";
import { createTestDatabase } from "@/tests/support/postgres";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// A household may skip months of updates (docs/development.md, "Changing the database schema"):
// every migration has a fixture, tests/fixtures/upgrades/<migration>.sql, the
// data the app wrote while that migration was the newest. Here each is
// written at its time and carried through every later migration, which must
// keep every row it found unless it says below why it changes them; then
// today's `npm start` serves the result, and a household that skipped every
// update since the first release upgrades in one start.

const MIGRATIONS = readdirSync("prisma/migrations", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const FIXTURES = "tests/fixtures/upgrades";
const fixtureOf = (migration: string) => path.join(FIXTURES, `${migration}.sql`);

/** Rows a migration changes on purpose, table by table, and why that loses nothing of the household's. */
const CHANGED_ON_PURPOSE: Record<string, Record<string, string>> = {
  "20261121221810_labs_rate_window_per_key": {
    api_rate_window: "a minute's request counts, now kept per key: dropped, as they would have lapsed within a minute",
  },
  "20261124210000_starter_tips_in_portuguese": {
    tip: "the starter tips Labs wrote itself, put into Portuguese",
  },
  "20261127110000_gtin_product_codes": {
    product: "a UPC-A kept in 12 digits takes its GTIN's 13 (decision 027; tests/db/migrate.test.ts)",
    preference: "as its product",
  },
  "20261128184454_enum_columns": {
    scan: "a scan typed in without a format held '' and holds NULL, still \"\" on the wire (decision 036)",
  },
};

const folders: string[] = [];
const folder = (label: string) => {
  const made = mkdtempSync(path.join(tmpdir(), `labs-${label}-`));
  folders.push(made);
  return made;
};
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  folders.forEach((made) => rmSync(made, { recursive: true, force: true }));
});

/** A new, empty database of the kind this project tests, as `npm start` is told of it. */
async function emptyDatabase(label: string): Promise<{ DATABASE_URL?: string; PGLITE_DIR: string }> {
  const base = inject("postgresBase");
  if (!base) return { PGLITE_DIR: path.join(folder(label), "pglite") };
  const database = await createTestDatabase(base, label);
  drops.push(database.drop);
  return { DATABASE_URL: database.url, PGLITE_DIR: "memory://" };
}

type Table = { columns: string[]; rows: string[] };

/** Every table's columns and rows (as JSON), _prisma_migrations aside. */
async function snapshot(database: Database): Promise<Map<string, Table>> {
  const columns = await database.prisma.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'`,
  );
  const tables = new Map<string, Table>();
  for (const { table_name, column_name } of columns) {
    const table = tables.get(table_name) ?? { columns: [], rows: [] };
    table.columns.push(column_name);
    tables.set(table_name, table);
  }
  for (const [name, table] of tables) {
    const rows = await database.prisma.$queryRawUnsafe<{ row: string }[]>(
      `SELECT to_jsonb(t)::text AS row FROM "${name}" t`,
    );
    table.rows = rows.map(({ row }) => row);
  }
  return tables;
}

/** `rows` with only `columns` kept: what a table held, seen as it was. */
function keeping(rows: string[], columns: string[]): string[] {
  return rows.map((row) => {
    const value = JSON.parse(row) as Record<string, unknown>;
    return JSON.stringify(columns.map((column) => [column, value[column]]));
  });
}

/** The rows of `before` that `after` no longer holds (as many times as they were held). */
function lostRows(before: string[], after: string[]): string[] {
  const left = new Map<string, number>();
  for (const row of after) left.set(row, (left.get(row) ?? 0) + 1);
  return before.filter((row) => {
    const count = left.get(row) ?? 0;
    if (count > 0) left.set(row, count - 1);
    return count === 0;
  });
}

async function writeFixture(adapter: SqlMigrationAwareDriverAdapterFactory, migration: string): Promise<void> {
  const connection = await adapter.connect();
  try {
    await connection.executeScript(readFileSync(fixtureOf(migration), "utf8"));
  } finally {
    await connection.dispose();
  }
}

/** A database as the releases up to `last` left it: each migration applied, then its fixture written. */
async function writeReleasesThrough(config: { DATABASE_URL?: string; PGLITE_DIR: string }, last: string) {
  const database = openDatabase(config);
  const adapter = database.migrationAdapter();
  try {
    for (const migration of MIGRATIONS.filter((name) => name <= last)) {
      await applyMigrations(adapter, { through: migration });
      await writeFixture(adapter, migration);
    }
  } finally {
    await database.close();
  }
}

/** `npm run <script> -- <args>` against a database, as a person would run it. */
function runScript(script: string, args: string[], config: { DATABASE_URL?: string; PGLITE_DIR: string }) {
  const result = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: folder("data"), ...config },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** What the first release's fixture holds, asked of today's app. */
async function expectFirstReleaseData(server: RunningServer, { backedUp = true } = {}): Promise<void> {
  const cookie = await operatorCookie();
  const call = <T>(route: string) => api<T>(route, { server: server.url, cookie });

  const stores = await call<{ stores: { name: string }[] }>("/base-scan/api/stores");
  expect(stores.data.stores.map((store) => store.name)).toContain("Mercearia Antiga");
  const cards = await call<{ cards: { card_value: string; person_name: string; label: string }[] }>(
    "/base-scan/api/cards",
  );
  expect(cards.data.cards).toContainEqual(
    expect.objectContaining({ card_value: "MA-000123", person_name: "Avó Lurdes", label: "Cartão da mercearia" }),
  );
  const pending = await call<{ todos: { text: string }[] }>("/api/core-ask/pending");
  expect(pending.data.todos.map((todo) => todo.text)).toContain("Arranjar a torneira da cozinha");
  // The dashboard answers whatever the newest scan session is, one of a release before whole session ids too.
  expect((await call<unknown>("/labs/api/dashboard")).status).toBe(200);
  const state = await call<unknown>("/base-research/api/state");
  expect(JSON.stringify(state.data)).toContain("Azeite Gallo 750 ml");
  // Kept in 12 digits then, found by its GTIN now.
  const product = await call<{ product: { code: string; name: string } }>("/base-scan/api/products/0036000291452");
  expect(product.status).toBe(200);
  expect(product.data.product).toMatchObject({ code: "0036000291452", name: "Bolachas Maria" });

  if (!backedUp) return;
  // A backup of the upgraded household restores into a new install of today.
  const backup = await fetch(`${server.url}/labs/api/backup`, { headers: { cookie } });
  expect(backup.status).toBe(200);
  const file = path.join(folder("upgraded-backup"), "labs-backup.ndjson.gz");
  writeFileSync(file, Buffer.from(await backup.arrayBuffer()));
  const restored = runScript("restore", ["--keep-credentials", file], {
    PGLITE_DIR: path.join(folder("restored"), "pglite"),
  });
  expect(restored.status, restored.output).toBe(0);
}

/** Nothing reaches Open Food Facts from these servers: a product is what the household kept. */
const OFFLINE = { OFF_BASE_URL: "http://127.0.0.1:9" };

describe("upgrades from every earlier release", () => {
  it("has a fixture for every migration", () => {
    const missing = MIGRATIONS.filter((migration) => !existsSync(fixtureOf(migration)));
    expect(
      missing,
      `write ${FIXTURES}/<migration>.sql for each (docs/development.md, "Changing the database schema")`,
    ).toEqual([]);
    const strays = readdirSync(FIXTURES).filter((file) => !MIGRATIONS.includes(file.replace(/\.sql$/, "")));
    expect(strays, "fixtures of no migration").toEqual([]);
  });

  it(
    "carries each release's data through every later migration, and today's start serves it",
    async () => {
      const config = await emptyDatabase("upgrade-chain");
      const database = openDatabase(config);
      const adapter = database.migrationAdapter();
      let before = new Map<string, Table>();
      try {
        for (const migration of MIGRATIONS) {
          await applyMigrations(adapter, { through: migration });
          const after = await snapshot(database);
          for (const [name, table] of before) {
            const now = after.get(name);
            expect(now, `${migration} dropped the table ${name}`).toBeDefined();
            const missingColumns = table.columns.filter((column) => !now!.columns.includes(column));
            expect(missingColumns, `${migration} dropped columns of ${name}`).toEqual([]);
            if (CHANGED_ON_PURPOSE[migration]?.[name]) continue;
            // Rows may be added (the starter tips); none lost, none changed in a column it had.
            const lost = lostRows(keeping(table.rows, table.columns), keeping(now!.rows, table.columns));
            expect(lost, `${migration} lost or changed rows of ${name}`).toEqual([]);
          }
          await writeFixture(adapter, migration);
          before = await snapshot(database);
        }
      } finally {
        await database.close();
      }

      const server = await startServer({ ...config, ...OFFLINE });
      try {
        expect(server.output()).not.toMatch(/applied migrations/);
        await expectFirstReleaseData(server);
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS * 3,
  );

  it(
    "upgrades a household that skipped every update since the first release in one start",
    async () => {
      const [first, ...rest] = MIGRATIONS;
      const config = await emptyDatabase("upgrade-skipped");
      await writeReleasesThrough(config, first!);

      const server = await startServer({ ...config, ...OFFLINE });
      try {
        expect(server.output()).toContain(`labs: applied migrations ${rest.join(", ")}`);
        await expectFirstReleaseData(server);
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS * 2,
  );

  // The first release, and the last before a migration rewrote a household's data (GTINs).
  for (const release of [MIGRATIONS[0]!, "20261127100000_card_photos"]) {
    it(
      `restores a backup taken at ${release} into a new install, brought up to date as an upgrade would`,
      async () => {
        const old = await emptyDatabase("backup-source");
        await writeReleasesThrough(old, release);
        const file = path.join(folder("old-backup"), "labs-backup.ndjson.gz");
        const backedUp = runScript("backup", [file], old);
        expect(backedUp.status, backedUp.output).toBe(0);

        const fresh = await emptyDatabase("backup-target");
        const restored = runScript("restore", ["--keep-credentials", file], fresh);
        expect(restored.status, restored.output).toBe(0);
        const since = MIGRATIONS.filter((name) => name > release);
        expect(restored.output).toContain(`brought up to date by the ${since.length} migrations since the backup`);

        const server = await startServer({ ...fresh, ...OFFLINE });
        try {
          expect(server.output()).not.toMatch(/applied migrations/);
          await expectFirstReleaseData(server, { backedUp: false });
        } finally {
          await server.stop();
        }
      },
      OWN_SERVER_TIMEOUT_MS * 2,
    );
  }
});
