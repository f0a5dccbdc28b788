// Which tables a backup holds and in what order (docs/backup-and-restore.md).
// Every table of the schema is named here, in one list or the other: a new
// table the backup does not know fails its test until someone decides.

/**
 * The household's data, parents before the rows that point at them, so a
 * restore inserts them in this order without deferring any foreign key.
 */
export const BACKUP_TABLES = [
  "daily_counter",
  "store",
  "person",
  "card",
  "card_spend",
  "product",
  "preference",
  "scan_session",
  "scan",
  "price",
  "invoice",
  "invoice_vat_line",
  "todo",
  "tip",
  // Before research_session: an account's sessions point at it.
  "api_plan",
  "account",
  "item",
  "research_session",
  "observation",
  "note",
  "watch",
  "api_key",
  "api_usage",
  "variant_view",
  "paired_device",
  // Last, one row at a time (BYTES_TABLES): their bytes never sit in memory together.
  "card_photo",
  "attachment",
] as const;

export type BackupTable = (typeof BACKUP_TABLES)[number];

/** Tables of pictures and files, written after the rest a row at a time by their `id`. */
export const BYTES_TABLES: ReadonlySet<BackupTable> = new Set(["card_photo", "attachment"]);

/** Tables a backup leaves out, each with the reason. */
export const NOT_BACKED_UP: Record<string, string> = {
  observation_source_count: "derived: triggers on observation rebuild it as observations are restored",
  api_rate_window: "a key's requests in the current minute",
  account_rate_window: "an account's requests in the current minute",
  login_throttle: "failed logins of the last minutes",
  operator_session_end: "ended operator sessions; sessions are sealed with this install's SESSION_SECRET",
  operator_session_epoch: "the 'log out everywhere' epoch of this install's sessions",
  device_pairing: "one-time pairing codes, valid for minutes",
  anon_write_bucket: "anonymous clients' write budget of the current minute",
  anon_upload_usage: "anonymous clients' uploads of the current day",
  _prisma_migrations: "the restore migrates the database itself before it restores",
  event: "what happened in the last EVENTS_KEEP_DAYS days, already delivered; a restore keeps the log it finds",
  event_counter: "the event log's last id, which stays with that log",
  webhook: "where this install sends its events, with their signing secrets: made again on a new install",
  webhook_delivery: "attempts to send this install's events, kept with its webhooks",
  notify_channel:
    "phones' push subscriptions, made for this install's VAPID key, and ntfy topics: subscribed again on a new install",
  notification: "what waits for, or went to, those phones and topics",
  account_link: "single-use sign-in links, valid for a day",
  account_session: "accounts' signed-in browsers: they sign in again on a new install",
  idempotent_request: "answers kept a day so a key's retried write is not done twice",
};

/**
 * Rows a new install makes by itself: the starter tips, the operator's own
 * page views, counters. A database holding only these is empty for a restore,
 * which replaces them with the backup's.
 */
export const STARTER_TABLES: ReadonlySet<BackupTable> = new Set(["tip", "variant_view", "daily_counter", "api_plan"]);

/**
 * Starter rows a restore keeps, merging the backup's into them by primary key
 * (the column named): the plans the migration made are named by the keys of
 * a backup from before plans were rows, so they must still be there when the
 * keys come back.
 */
export const MERGED_TABLES: ReadonlyMap<BackupTable, string> = new Map([["api_plan", "name"]]);

/**
 * The household's credentials: the hashes of its API keys (and their usage
 * log, which points at them) and its paired phones. A restore leaves them
 * out unless asked to keep them: a backup that went astray should not let
 * old keys and phones into the new install (docs/backup-and-restore.md).
 */
export const CREDENTIAL_TABLES: ReadonlySet<BackupTable> = new Set(["api_key", "api_usage", "paired_device"]);

export function isBackupTable(name: string): name is BackupTable {
  return (BACKUP_TABLES as readonly string[]).includes(name);
}
