// The backup archive's lines (docs/backup-and-restore.md): gzipped NDJSON.
// A line starting with {"labs": is ours — the header, a table's start, the
// end — and every other line is one row as PostgreSQL's row_to_json wrote it,
// restored by json_populate_recordset, so values cross databases untouched.
import "server-only";
import type { DatabaseKind } from "@/lib/db";
import type { BackupTable } from "@/lib/platform/backup-tables";

export const BACKUP_FORMAT = "labs-backup";
/** Raised when a restore could no longer read an older archive as it is. */
export const BACKUP_VERSION = 1;

export type BackupHeader = {
  labs: "backup";
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: DatabaseKind;
  /** The migrations the backed-up database had applied: a restore needs all of them. */
  migrations: string[];
};

export type TableStart = { labs: "table"; name: BackupTable; columns: string[] };

export type BackupEnd = { labs: "end"; rows: Partial<Record<BackupTable, number>> };

export type ControlLine = BackupHeader | TableStart | BackupEnd;

export const CONTROL_PREFIX = '{"labs":';

export function controlLine(line: ControlLine): string {
  return `${JSON.stringify(line)}\n`;
}
