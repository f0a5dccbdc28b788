import "server-only";
import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { db } from "@/lib/db";
import { readMigrationState } from "@/lib/db/migration-state";
import { AppError, errorText, type ErrorText } from "@/lib/http/errors";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  CONTROL_PREFIX,
  type BackupEnd,
  type BackupHeader,
  type ControlLine,
  type TableStart,
} from "@/lib/platform/backup-format";
import {
  BACKUP_TABLES,
  CREDENTIAL_TABLES,
  isBackupTable,
  MERGED_TABLES,
  STARTER_TABLES,
  type BackupTable,
} from "@/lib/platform/backup-tables";
import { quoted, schemaTables, tableColumns, type Transaction } from "@/lib/platform/table-catalog";

/** Far above any row we write (an attachment's bytes in hex are at most ~2 × its size). */
const MAX_LINE_BYTES = 128 * 1024 * 1024;
/** Rows sent to the database in one statement, and at most this much of their text. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

export type RestoreOptions = {
  /** Restore the backup's API keys and paired phones too (CREDENTIAL_TABLES); left out by default. */
  keepCredentials?: boolean;
};

export type RestoreSummary = {
  backup: Pick<BackupHeader, "created_at" | "database">;
  /** Rows restored per table; a table left out has 0. */
  rows: BackupEnd["rows"];
  credentials: "kept" | "left_out";
};

/**
 * Restores a backup (lib/platform/write-backup.ts) into this database, which
 * must be migrated and hold no household data yet: starter rows (tips, page
 * views) are replaced by the backup's. One transaction: a backup that is
 * cut short, altered or from a newer Labs leaves the database as it was.
 * Ids are kept, and each table's id sequence continues after them. The
 * credentials are read and counted like every table, but written only when
 * asked for.
 */
export async function restoreBackup(
  source: AsyncIterable<Uint8Array>,
  { keepCredentials = false }: RestoreOptions = {},
): Promise<RestoreSummary> {
  const lines = readLines(unzipped(source));
  const header = await readHeader(lines);
  const upgrades = await rowUpgradesFor(header);
  return db().$transaction(
    async (tx) => {
      await refuseHouseholdData(tx);
      for (const table of (await presentTables(tx)).reverse()) {
        if (!MERGED_TABLES.has(table)) await tx.$executeRawUnsafe(`DELETE FROM ${quoted(table)}`);
      }
      const rows = await restoreTables(tx, lines, { keepCredentials, upgrades });
      await continueSequences(tx);
      return {
        backup: { created_at: header.created_at, database: header.database },
        rows,
        credentials: keepCredentials ? "kept" : "left_out",
      };
    },
    { timeout: 60 * 60_000, maxWait: 60_000 },
  );
}

async function readHeader(lines: AsyncIterator<string>): Promise<BackupHeader> {
  const first = await lines.next();
  const header = first.done ? null : controlOf(first.value);
  if (header?.labs !== "backup" || header.format !== BACKUP_FORMAT) {
    throw invalid(errorText("labs.restore.notBackup"));
  }
  if (header.version > BACKUP_VERSION) {
    throw invalid(errorText("labs.restore.newerFormat", { version: String(header.version) }));
  }
  return header;
}

/**
 * The backed-up tables this database has, in BACKUP_TABLES' order: all of
 * them, unless it is at an earlier release's migration to take an older
 * backup (scripts/restore.ts).
 */
/** `"a", "b"` → `EXCLUDED."a", EXCLUDED."b"`: the row a merge would have inserted. */
function excluded(columns: string): string {
  return columns
    .split(",")
    .map((column) => `EXCLUDED.${column.trim()}`)
    .join(", ");
}

async function presentTables(client: Pick<Transaction, "$queryRawUnsafe">): Promise<BackupTable[]> {
  const present = new Set(await schemaTables(client));
  return BACKUP_TABLES.filter((table) => present.has(table));
}

/** A backup's first line, checked: what it is, and the migrations of the database it was taken from. */
export async function readBackupHeader(source: AsyncIterable<Uint8Array>): Promise<BackupHeader> {
  return readHeader(readLines(unzipped(source)));
}

/**
 * A backup's bytes, unzipped. Joined by pipeline, not pipe: an error on the
 * source's side (a file closed while it was still read, as the restore
 * command closes its first look once the header is in; a read that fails)
 * ends both streams and reaches whoever reads the lines, where pipe left it
 * unhandled and it ended the process.
 */
function unzipped(source: AsyncIterable<Uint8Array>): Readable {
  const gunzip = createGunzip();
  pipeline(Readable.from(source), gunzip, () => {});
  return gunzip;
}

type RowUpgrade = { migration: string; table: BackupTable; upgrade: (row: Record<string, unknown>) => void };

/**
 * What a migration did to the rows it found, where today's tables cannot
 * take a row as an older backup holds it. Done to such a backup's rows as
 * they are restored here; the restore command instead restores an older
 * backup at its release and migrates (scripts/restore.ts).
 */
const ROW_UPGRADES: RowUpgrade[] = [
  {
    // A scan typed in had the format '' until the formats became an enum.
    migration: "20261128184454_enum_columns",
    table: "scan",
    upgrade: (row) => {
      if (row.format === "") row.format = null;
    },
  },
];

/**
 * The database must have every migration the backup's had: an older backup
 * restores, a newer one does not. Answers the row upgrades of the
 * migrations this database has and the backup's had not.
 */
async function rowUpgradesFor(header: BackupHeader): Promise<RowUpgrade[]> {
  const { applied } = await readMigrationState();
  const unknown = header.migrations.filter((name) => !applied.includes(name));
  if (unknown.length) {
    throw invalid(errorText("labs.restore.newerMigrations", { migrations: unknown.join(", ") }));
  }
  return ROW_UPGRADES.filter(({ migration }) => applied.includes(migration) && !header.migrations.includes(migration));
}

/** A row's line, upgraded when a migration since its backup changed such rows. */
function upgradedLine(line: string, upgrades: RowUpgrade[]): string {
  if (upgrades.length === 0) return line;
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    throw invalid(errorText("labs.restore.notJsonLine"));
  }
  // Anything but an object is left as it is, for the database to refuse as any other row.
  if (typeof row !== "object" || row === null || Array.isArray(row)) return line;
  for (const { upgrade } of upgrades) upgrade(row as Record<string, unknown>);
  return JSON.stringify(row);
}

async function refuseHouseholdData(tx: Transaction): Promise<void> {
  const holding = await tablesWithHouseholdData(tx);
  if (holding.length) {
    throw new AppError("conflict", errorText("labs.restore.notEmpty", { tables: holding.join(", ") }));
  }
}

/** The tables holding more than a new install's starter rows: empty when a restore may go ahead. */
export async function tablesWithHouseholdData(client: Pick<Transaction, "$queryRawUnsafe"> = db()): Promise<string[]> {
  const holding: string[] = [];
  for (const table of await presentTables(client)) {
    if (STARTER_TABLES.has(table)) continue;
    const [row] = await client.$queryRawUnsafe<{ any: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM ${quoted(table)}) AS any`,
    );
    if (row?.any) holding.push(table);
  }
  return holding;
}

/**
 * Each table's section in order, its rows in batches; the end line must
 * count exactly what came. Answers the rows written per table.
 */
async function restoreTables(
  tx: Transaction,
  lines: AsyncIterator<string>,
  { keepCredentials, upgrades }: { keepCredentials: boolean; upgrades: RowUpgrade[] },
): Promise<BackupEnd["rows"]> {
  const read: BackupEnd["rows"] = {};
  const restored: BackupEnd["rows"] = {};
  let section: { table: BackupTable; columns: string; skipped: boolean; upgrades: RowUpgrade[] } | null = null;
  let batch: string[] = [];
  let batchBytes = 0;
  let lastIndex = -1;

  const flush = async () => {
    if (!section || batch.length === 0) return;
    const { table, columns } = section;
    try {
      const key = MERGED_TABLES.get(table);
      const merge = key ? ` ON CONFLICT (${quoted(key)}) DO UPDATE SET (${columns}) = ROW(${excluded(columns)})` : "";
      await tx.$executeRawUnsafe(
        `INSERT INTO ${quoted(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)${merge}`,
        `[${batch.join(",")}]`,
      );
    } catch (error) {
      throw invalid(errorText("labs.restore.rowsRefused", { table, reason: databaseMessage(error) }), error);
    }
    restored[table] = (restored[table] ?? 0) + batch.length;
    read[table] = (read[table] ?? 0) + batch.length;
    batch = [];
    batchBytes = 0;
  };

  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    const line = next.value;
    const control = controlOf(line);
    if (!control) {
      if (!section) throw invalid(errorText("labs.restore.rowOutsideTable"));
      if (section.skipped) {
        read[section.table] = (read[section.table] ?? 0) + 1;
        continue;
      }
      const row = upgradedLine(line, section.upgrades);
      batch.push(row);
      batchBytes += row.length;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
      continue;
    }
    await flush();
    if (control.labs === "end") {
      checkCounts(control, read);
      return restored;
    }
    if (control.labs !== "table") throw invalid(errorText("labs.restore.secondHeader"));
    const index = BACKUP_TABLES.indexOf(control.name);
    if (index <= lastIndex) throw invalid(errorText("labs.restore.tableOrder", { table: control.name }));
    lastIndex = index;
    section = {
      table: control.name,
      columns: await checkedColumns(tx, control),
      skipped: !keepCredentials && CREDENTIAL_TABLES.has(control.name),
      upgrades: upgrades.filter(({ table }) => table === control.name),
    };
    read[control.name] = 0;
    restored[control.name] = 0;
  }
  throw invalid(errorText("labs.restore.noEnd"));
}

/** The section's columns, each one this database's table has. */
async function checkedColumns(tx: Transaction, start: TableStart): Promise<string> {
  const known = await tableColumns(tx, start.name);
  const columns = Array.isArray(start.columns) ? start.columns : [];
  const unknown = columns.filter((column) => typeof column !== "string" || !known.includes(column));
  if (columns.length === 0 || unknown.length) {
    throw invalid(errorText("labs.restore.unknownColumns", { table: start.name, columns: unknown.join(", ") }));
  }
  return columns.map(quoted).join(", ");
}

function checkCounts(end: BackupEnd, read: BackupEnd["rows"]): void {
  for (const table of BACKUP_TABLES) {
    if ((end.rows?.[table] ?? 0) !== (read[table] ?? 0)) {
      throw invalid(
        errorText("labs.restore.countMismatch", {
          expected: end.rows?.[table] ?? 0,
          table,
          actual: read[table] ?? 0,
        }),
      );
    }
  }
}

/** New rows get ids after the restored ones. */
async function continueSequences(tx: Transaction): Promise<void> {
  for (const table of await presentTables(tx)) {
    if (!(await tableColumns(tx, table)).includes("id")) continue;
    const [sequence] = await tx.$queryRawUnsafe<{ name: string | null }[]>(
      `SELECT pg_get_serial_sequence($1, 'id') AS name`,
      quoted(table),
    );
    if (!sequence?.name) continue;
    await tx.$queryRawUnsafe(
      `SELECT setval($1::regclass, COALESCE((SELECT max(id) FROM ${quoted(table)}), 0) + 1, false)`,
      sequence.name,
    );
  }
}

function controlOf(line: string): ControlLine | null {
  if (!line.startsWith(CONTROL_PREFIX)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw invalid(errorText("labs.restore.notJsonLine"));
  }
  const control = parsed as ControlLine;
  if (control.labs === "table" && !isBackupTable(control.name)) {
    throw invalid(errorText("labs.restore.unknownTable", { table: String(control.name) }));
  }
  if (!["backup", "table", "end"].includes(control.labs)) throw invalid(errorText("labs.restore.unknownLine"));
  return control;
}

/** Lines of at most MAX_LINE_BYTES, without their newline; a gzip error is a damaged file. */
async function* readLines(stream: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of stream) {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, end));
        yield Buffer.concat(pending).toString("utf8");
        pending = [];
        pendingBytes = 0;
        start = end + 1;
      }
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) throw invalid(errorText("labs.restore.lineTooLong"));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(errorText("labs.restore.notGzip"), error);
  }
  if (pendingBytes > 0) yield Buffer.concat(pending).toString("utf8");
}

function invalid(message: ErrorText, cause?: unknown): AppError {
  return new AppError("validation_failed", message, { cause });
}

function databaseMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message
      .split("\n")
      .findLast((line) => line.trim() !== "")
      ?.trim() ?? "the database refused them"
  );
}
