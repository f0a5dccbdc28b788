// Request and response schemas of the Labs API (docs/contract.md, "Labs" and
// "Labs and auth decisions"): API keys, their usage log, UI-variant page views
// and the operator dashboard. Shared by the route handlers, the admin page,
// the dashboard and the API reference; no server imports here. The platform's
// own (pairing, health, status, backups) are in lib/platform/schemas.ts.
import { z } from "zod";
import { todoJson } from "@/lib/ask/schemas";
import { API_SCOPES } from "@/lib/auth/scopes";
import { idParam, isoTime } from "@/lib/http/wire";
import { text } from "@/lib/text-input";
import { UI_VARIANTS } from "@/lib/labs/variants";
import { note, outOfStock, priceDrop, recentObservation, stateResponse } from "@/lib/research/schemas";
import { scanItem } from "@/lib/scan/schemas";

/** A plan's name (plans are rows, docs/decisions/034-accounts-and-credits.md). */
export const planName = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, "must be a plan's name: lower-case letters, digits, - and _");

// ─── API keys ──────────────────────────────────────────────────────────────

export const createApiKeyBody = z.object({
  name: text(100),
  plan: planName.default("free"),
  scopes: z
    .array(z.enum(API_SCOPES))
    .min(1, `name at least one of ${API_SCOPES.join(", ")}`)
    .max(10)
    .transform((scopes) => [...new Set(scopes)]),
});

/** POST /admin/logout: `everywhere=1` ends every operator session, not only this one. */
export const logoutBody = z.object({
  everywhere: z.union([z.boolean(), z.stringbool()]).default(false),
});

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  plan: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The first characters of the key, to tell keys apart; never the key. */
  prefix: z.string(),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createApiKeyResponse = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  /** The secret, shown this once; only its hash is stored. */
  key: z.string(),
  name: z.string(),
  plan: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  prefix: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;

export const listApiKeysResponse = z.object({ ok: z.literal(true), keys: z.array(apiKey) });

export const revokeApiKeyResponse = z.object({ ok: z.literal(true), key: apiKey });

// ─── usage log ─────────────────────────────────────────────────────────────

export const USAGE_DEFAULT_LIMIT = 100;
export const USAGE_MAX_LIMIT = 500;

export const listUsageQuery = z.object({
  key_id: idParam.optional(),
  /** Only the actions of one actor taken without a key: `operator` or `account:<id>`. */
  actor: z
    .string()
    .regex(/^(operator|account:\d{1,10})$/, "must be operator or account:<id>")
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, "must be at least 1").max(USAGE_MAX_LIMIT, `must be at most ${USAGE_MAX_LIMIT}`))
    .optional(),
});

export const apiUsageEntry = z.object({
  id: z.number().int(),
  /** The key that called; null for an action taken with a cookie, which `actor` names. */
  key_id: z.number().int().nullable(),
  key_name: z.string().nullable(),
  /** Who acted without a key: `operator` or `account:<id>` (accounts and plans); null for a key's call. */
  actor: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  /** The caller's address (lib/http/client-address.ts); null on older lines. */
  client: z.string().nullable(),
  created_at: isoTime,
});
export type ApiUsageEntry = z.infer<typeof apiUsageEntry>;

export const listUsageResponse = z.object({ ok: z.literal(true), usage: z.array(apiUsageEntry) });

// ─── UI variants ───────────────────────────────────────────────────────────

export const uiVariant = z.enum(UI_VARIANTS, { error: "must be a UI variant letter a…l" });

export const recordViewBody = z.object({ variant: uiVariant });

export const VIEWS_DEFAULT_DAYS = 14;

export const variantViewsQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, "must be at least 1").max(366, "must be at most 366"))
    .optional(),
});

export const variantViewRow = z.object({ day: z.iso.date(), variant: uiVariant, views: z.number().int() });
export type VariantViewRow = z.infer<typeof variantViewRow>;

export const variantViewsResponse = z.object({
  ok: z.literal(true),
  from: z.iso.date(),
  to: z.iso.date(),
  rows: z.array(variantViewRow),
});

export const recordViewResponse = z.object({ ok: z.literal(true) });

// ─── operator dashboard ────────────────────────────────────────────────────

/** How many pending asks, decisions, drops, out-of-stock items and notes the dashboard lists. */
export const DASHBOARD_TOP = 5;

export const dashboardService = z.object({
  service: z.enum(["scan", "ask", "research", "labs"]),
  name: z.string(),
  ok: z.boolean(),
  /** One line: what was checked besides the shared database. */
  detail: z.string(),
  /** The area's own page. */
  href: z.string(),
});
export type DashboardService = z.infer<typeof dashboardService>;

const todoList = z.object({
  /** How many there are in all; `todos` holds the first few in queue order. */
  count: z.number().int().nonnegative(),
  todos: z.array(todoJson).max(DASHBOARD_TOP),
});

export const dashboardResponse = z.object({
  ok: z.literal(true),
  generated_at: isoTime,
  health: z.object({
    ok: z.boolean(),
    database: z.object({
      kind: z.enum(["pglite", "postgresql"]),
      ok: z.boolean(),
      round_trip_ms: z.number().int().nonnegative(),
    }),
    services: z.array(dashboardService).length(4),
  }),
  ask: z.object({ pending: todoList, decisions: todoList }),
  scan: z.object({
    /** The UTC day "today" means. */
    day: z.iso.date(),
    scans_today: z.number().int().nonnegative(),
    /** The caller's own open session (scan_sid cookie), else the one scanned into last; null before the first scan. */
    session: z
      .object({
        id: z.string(),
        /** True when it is the caller's own session. */
        mine: z.boolean(),
        state: z.enum(["open", "ended", "expired"]),
        started_at: isoTime,
        last_scan_at: isoTime,
        ended_at: isoTime.nullable(),
        scans: z.number().int().nonnegative(),
        invoices: z.number().int().nonnegative(),
        gross_total: z.string().regex(/^-?\d+\.\d{2}$/),
        store_name: z.string().nullable(),
        /** Its newest scans, newest first. */
        recent_scans: z.array(scanItem).max(DASHBOARD_TOP),
      })
      .nullable(),
  }),
  research: z.object({
    counts: stateResponse.shape.counts,
    recent: z.array(recentObservation).max(DASHBOARD_TOP),
    drops: z.array(priceDrop).max(DASHBOARD_TOP),
    /** Item and source pairs out of stock (the snapshot lists at most 100). */
    oos_count: z.number().int().nonnegative(),
    oos: z.array(outOfStock).max(DASHBOARD_TOP),
    notes: z.array(note).max(DASHBOARD_TOP),
  }),
});
export type Dashboard = z.infer<typeof dashboardResponse>;
