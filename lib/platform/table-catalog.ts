// What PostgreSQL's catalog says of our tables: their columns and primary
// keys, for the backup's generic reads and writes. Table names only ever come
// from lib/platform/backup-tables.ts, never from a file.
import "server-only";
import type { db } from "@/lib/db";

/** The client an interactive transaction hands its callback. */
export type Transaction = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

type Queryable = Pick<ReturnType<typeof db>, "$queryRawUnsafe">;

export async function tableColumns(client: Queryable, table: string): Promise<string[]> {
  const rows = await client.$queryRawUnsafe<{ column_name: string }[]>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    table,
  );
  return rows.map((row) => row.column_name);
}

export async function primaryKey(client: Queryable, table: string): Promise<string[]> {
  const rows = await client.$queryRawUnsafe<{ column_name: string }[]>(
    `SELECT a.attname AS column_name
     FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = to_regclass(quote_ident($1)) AND i.indisprimary
     ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    table,
  );
  return rows.map((row) => row.column_name);
}

/** The tables of the current schema, as the catalog lists them. */
export async function schemaTables(client: Queryable): Promise<string[]> {
  const rows = await client.$queryRawUnsafe<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** An identifier in double quotes. */
export function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
