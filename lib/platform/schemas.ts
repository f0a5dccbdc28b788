// Request and response schemas of the platform under the areas
// (docs/contract.md, "Labs and auth decisions"): pairing a phone, health and
// status, the API reference, backups. Shared by the route handlers, the admin
// page and the API reference; no server imports here.
import { z } from "zod";
import { isoTime } from "@/lib/http/wire";
import { text } from "@/lib/text-input";

// ─── paired devices (LABS_ACCESS=household) ───────────────────────────────

export const createPairingBody = z.object({ name: text(60) });

/** GET /labs/pair?code=…: the page a pairing QR code opens (no code: the stranger's page). */
export const pairPageQuery = z.object({ code: z.string().max(200).optional() });
/** POST /labs/pair: the phone uses its one-time code. */
export const pairBody = z.object({ code: z.string().max(200) });

export const createPairingResponse = z.object({
  ok: z.literal(true),
  name: z.string(),
  /** The one-time link to open on the phone (the QR code's content). */
  url: z.string(),
  expires_at: isoTime,
});
export type CreatePairingResponse = z.infer<typeof createPairingResponse>;

export const pairedDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
});
export type PairedDeviceJson = z.infer<typeof pairedDevice>;

export const listDevicesResponse = z.object({ ok: z.literal(true), devices: z.array(pairedDevice) });
export const revokeDeviceResponse = z.object({ ok: z.literal(true), device: pairedDevice });

// ─── health and status ─────────────────────────────────────────────────────

export const healthBody = z.object({
  ok: z.literal(true),
  service: z.enum(["base-scan", "core-ask", "base-ask", "labs"]),
  db: z.literal("ok"),
});

export const RELEASE_PATTERN = /^v\d{4}\.\d{2}\.\d{2}\.\d+$/;

export const serviceCounts = z.object({
  scan: z.object({ cards: z.number().int(), scans: z.number().int(), stores: z.number().int() }),
  ask: z.object({ todos: z.number().int(), pending: z.number().int() }),
  research: z.object({ items: z.number().int(), observations: z.number().int(), notes: z.number().int() }),
  labs: z.object({ api_keys: z.number().int() }),
});

/** What anyone may read: the release and whether it is healthy. */
export const publicStatus = z.strictObject({
  ok: z.boolean(),
  service: z.literal("labs"),
  /** v<YYYY>.<MM>.<DD>.<REV>: the build's commit date and revision (docs/contract.md, "Labs and auth decisions"). */
  release: z.string().regex(RELEASE_PATTERN),
});

/** The operator's view adds the build, the database and the migrations. */
export const operatorStatus = publicStatus.extend({
  commit: z.string().nullable(),
  started_at: isoTime,
  uptime_seconds: z.number().int(),
  database: z.object({ kind: z.enum(["pglite", "postgresql"]), ok: z.boolean() }),
  migrations: z.object({
    ok: z.boolean(),
    applied: z.array(z.string()),
    pending: z.array(z.string()),
    failed: z.array(z.string()),
  }),
  /** Row counts per service, when the database answers. */
  counts: serviceCounts.optional(),
});
export type OperatorStatus = z.infer<typeof operatorStatus>;

export const statusResponse = z.union([operatorStatus, publicStatus]);
export type LabsStatus = z.infer<typeof statusResponse>;

// ─── API reference ─────────────────────────────────────────────────────────

export const openApiDocumentResponse = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

// ─── backup and restore ──────────────────────────────────────────────────────

export const restoreQuery = z.object({
  /** `1`: restore the backup's API keys and paired phones too; by default they are left out. */
  keep_credentials: z
    .enum(["0", "1", "true", "false"])
    .transform((value) => value === "1" || value === "true")
    .optional(),
});

export const restoreResponse = z.object({
  ok: z.literal(true),
  backup: z.object({ created_at: z.string(), database: z.enum(["pglite", "postgresql"]) }),
  /** Rows restored per table; the credentials' tables have 0 when they were left out. */
  rows: z.record(z.string(), z.number().int()),
  /** Whether the backup's API keys and paired phones were restored. */
  credentials: z.enum(["kept", "left_out"]),
});

// ─── kept backups (docs/backup-and-restore.md, "Every night") ─────────────

/** What this server names the backups it keeps; nothing else in BACKUP_DIR is one. */
export const BACKUP_NAME = /^labs-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.ndjson\.gz$/;

export const backupNameParams = z.object({
  name: z.string().regex(BACKUP_NAME, "must be a backup's name, labs-backup-<date>T<time>Z.ndjson.gz"),
});

const backupProof = z.union([
  z.object({ ok: z.literal(true), proven_at: isoTime }),
  z.object({ ok: z.literal(false), proven_at: isoTime, reason: z.string() }),
]);

export const backupFile = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  created_at: isoTime,
  /** Whether it restored into a scratch database with every row; null before it has been tried. */
  proof: backupProof.nullable(),
});

export const listBackupsResponse = z.object({ ok: z.literal(true), backups: z.array(backupFile) });
export const backupTakenResponse = z.object({ ok: z.literal(true), backup: backupFile });
