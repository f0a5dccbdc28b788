import "server-only";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { db, getDatabase } from "@/lib/db";
import { readMigrationState } from "@/lib/db/migration-state";
import { dataDir } from "@/lib/env";
import { BACKUP_FORMAT, BACKUP_VERSION, controlLine, type BackupHeader } from "@/lib/platform/backup-format";
import { BACKUP_TABLES, BYTES_TABLES, type BackupTable } from "@/lib/platform/backup-tables";
import { tableColumns, primaryKey, quoted, schemaTables, type Transaction } from "@/lib/platform/table-catalog";

const BATCH_ROWS = 500;

/**
 * The whole household as one gzipped NDJSON archive (docs/backup-and-restore.md),
 * streamed: rows are read a batch at a time and written as the reader takes
 * them. Every table but those of pictures and files (BYTES_TABLES) is read in
 * one snapshot transaction, spooled to a private file so a slow download
 * never holds the database; pictures and attachments follow one at a time,
 * each of those the snapshot listed as it is when read (an attachment never
 * changes; a card's photo replaced since comes as replaced), or, if it was
 * deleted since, left out.
 */
export function writeBackup(): ReadableStream<Uint8Array> {
  return Readable.toWeb(Readable.from(backupLines()).pipe(createGzip())) as ReadableStream<Uint8Array>;
}

async function* backupLines(): AsyncGenerator<string | Buffer> {
  const spoolDir = await mkdtemp(path.join(dataDir(), "backup-"));
  try {
    const spoolFile = path.join(spoolDir, "tables.ndjson");
    const { rows, bytesRowIds } = await spoolSnapshot(spoolFile);
    const header: BackupHeader = {
      labs: "backup",
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      database: getDatabase().kind,
      migrations: (await readMigrationState()).applied,
    };
    yield controlLine(header);
    for await (const chunk of createReadStream(spoolFile)) yield chunk as Buffer;

    for (const [table, ids] of bytesRowIds) {
      yield controlLine({ labs: "table", name: table, columns: await tableColumns(db(), table) });
      rows[table] = 0;
      for (const id of ids) {
        const [row] = await db().$queryRawUnsafe<{ row: string }[]>(
          `SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t WHERE t.id = $1`,
          id,
        );
        if (!row) continue;
        rows[table] += 1;
        yield `${row.row}\n`;
      }
    }
    yield controlLine({ labs: "end", rows });
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}

/** Every table but those of bytes, from one snapshot, into `file`; their row counts and the rows of bytes to follow. */
async function spoolSnapshot(file: string) {
  const out = createWriteStream(file, { mode: 0o600 });
  try {
    return await db().$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        // Timestamps read the same from any server, whatever its TimeZone.
        await tx.$executeRawUnsafe("SET LOCAL TimeZone = 'UTC'");
        const rows: Partial<Record<BackupTable, number>> = {};
        const bytesRowIds = new Map<BackupTable, number[]>();
        // A database an earlier release left (npm run backup before an upgrade) lacks the tables added since.
        const present = new Set(await schemaTables(tx));
        for (const table of BACKUP_TABLES.filter((name) => present.has(name))) {
          if (BYTES_TABLES.has(table)) {
            const ids = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM ${quoted(table)} ORDER BY id`);
            bytesRowIds.set(
              table,
              ids.map((row) => row.id),
            );
            continue;
          }
          await write(out, controlLine({ labs: "table", name: table, columns: await tableColumns(tx, table) }));
          rows[table] = await spoolTable(tx, table, out);
        }
        return { rows, bytesRowIds };
      },
      { timeout: 10 * 60_000, maxWait: 60_000 },
    );
  } finally {
    out.end();
    await once(out, "close");
  }
}

/** One table's rows in primary-key order, a batch at a time; answers how many. */
async function spoolTable(tx: Transaction, table: BackupTable, out: WriteStream): Promise<number> {
  const key = (await primaryKey(tx, table)).map(quoted).join(", ");
  let last: string | null = null;
  let count = 0;
  for (;;) {
    // The next batch after the last row's key, read back out of that row itself.
    const batch: { row: string }[] = await tx.$queryRawUnsafe(
      `SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t
       WHERE $1::json IS NULL OR (${key}) > (SELECT ${key} FROM json_populate_record(NULL::${quoted(table)}, $1::json))
       ORDER BY ${key} LIMIT ${BATCH_ROWS}`,
      last,
    );
    for (const { row } of batch) await write(out, `${row}\n`);
    count += batch.length;
    if (batch.length < BATCH_ROWS) return count;
    last = batch.at(-1)!.row;
  }
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, "drain");
}
