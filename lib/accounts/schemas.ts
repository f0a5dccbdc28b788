// Request and response schemas of accounts and plans (phase 2,
// docs/decisions/034-accounts-and-credits.md): sign-up, an account's own API
// and page, the operator's side. No server imports: the forms use these too.
import { z } from "zod";
import { ACCOUNT_SCOPES } from "@/lib/auth/scopes";
import { idParam, int4, integerInput, isoTime, rowId } from "@/lib/http/wire";
import { planName } from "@/lib/labs/schemas";
import { text } from "@/lib/text-input";

export const ACCOUNT_STATUSES = ["waiting", "unverified", "active", "suspended"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const accountScopes = z
  .array(z.enum(ACCOUNT_SCOPES))
  .min(1, `name at least one of ${ACCOUNT_SCOPES.join(", ")}`)
  .max(10)
  .transform((scopes) => [...new Set(scopes)]);

// ─── sign-up and sign-in ───────────────────────────────────────────────────

export const signUpBody = z.object({
  email: z
    .string({ error: "must be text" })
    .trim()
    .toLowerCase()
    .max(254, "must be at most 254 characters")
    .pipe(z.email("must be an email address")),
  name: text(100),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** The same answer whether the address was known or not. */
export const signUpResponse = z.object({ ok: z.literal(true), sent: z.literal(true) });

/** GET /labs/signin?token=… (the page a mailed link opens) and POST /labs/signin (its button). */
export const signInQuery = z.object({ token: z.string().max(200).optional() });
export const signInBody = z.object({ token: z.string().max(200) });

// ─── an account's own view ─────────────────────────────────────────────────

export const accountJson = z.object({
  id: rowId,
  email: z.string(),
  name: z.string(),
  plan: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  /** What calls may still cost before `credits_reset_at`. */
  credits_remaining: z.number().int(),
  /** When the plan's monthly credits replace what is left (the trial's end, first). */
  credits_reset_at: isoTime,
  /** The scopes its plan lets its keys hold. */
  scopes_allowed: z.array(z.enum(ACCOUNT_SCOPES)),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
});
export type AccountJson = z.infer<typeof accountJson>;

export const getAccountResponse = z.object({ ok: z.literal(true), account: accountJson });

export const accountKeyJson = z.object({
  id: rowId,
  name: z.string(),
  scopes: z.array(z.enum(ACCOUNT_SCOPES)),
  prefix: z.string(),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
});
export type AccountKeyJson = z.infer<typeof accountKeyJson>;

export const listAccountKeysResponse = z.object({ ok: z.literal(true), keys: z.array(accountKeyJson) });

export const createAccountKeyBody = z.object({ name: text(100), scopes: accountScopes });
export type CreateAccountKeyBody = z.infer<typeof createAccountKeyBody>;

export const createAccountKeyResponse = z.object({
  ok: z.literal(true),
  id: rowId,
  /** The secret, shown in this answer only. */
  key: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(ACCOUNT_SCOPES)),
  prefix: z.string(),
});
export type CreateAccountKeyResponse = z.infer<typeof createAccountKeyResponse>;

export const revokeAccountKeyResponse = z.object({ ok: z.literal(true), key: accountKeyJson });

export const accountUsageJson = z.object({
  /** Calls a day (UTC), the last 30 days that had any. */
  days: z.array(z.object({ day: z.string(), calls: z.number().int() })),
  /** Calls by route over the same days, most first. */
  routes: z.array(z.object({ path: z.string(), calls: z.number().int() })),
});
export type AccountUsageJson = z.infer<typeof accountUsageJson>;

export const accountUsageResponse = accountUsageJson.extend({ ok: z.literal(true) });

export const accountExportResponse = z.object({
  ok: z.literal(true),
  account: accountJson,
  keys: z.array(accountKeyJson),
  /** Its keys' calls (key_id) and what it did signed in (key_id null). */
  usage: z.array(
    z.object({
      method: z.string(),
      path: z.string(),
      status: z.number().int(),
      key_id: rowId.nullable(),
      at: isoTime,
    }),
  ),
  /** The research sessions it started (research:write). */
  sessions: z.array(
    z.object({ slug: z.string(), title: z.string().nullable(), context: z.string().nullable(), created_at: isoTime }),
  ),
  /** Every price it observed. */
  observations: z.array(
    z.object({
      br_id: z.string(),
      item_name: z.string(),
      session_slug: z.string().nullable(),
      source: z.string(),
      condition: z.string().nullable(),
      price: z.string().nullable(),
      currency: z.string(),
      url: z.string().nullable(),
      availability: z.string(),
      notes: z.string().nullable(),
      observed_at: isoTime,
    }),
  ),
});

export const deleteAccountResponse = z.object({ ok: z.literal(true), deleted: rowId });

// ─── the operator's side ───────────────────────────────────────────────────

export const listedAccountJson = accountJson.extend({ keys: z.number().int() });
export type ListedAccountJson = z.infer<typeof listedAccountJson>;

export const listAccountsResponse = z.object({ ok: z.literal(true), accounts: z.array(listedAccountJson) });

export const updateAccountBody = z
  .object({ plan: planName.optional(), status: z.enum(["active", "suspended"]).optional() })
  .refine((body) => body.plan !== undefined || body.status !== undefined, {
    path: ["plan"],
    message: "give plan or status",
  });
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

export const grantCreditsBody = z.object({ credits: int4.min(1, "must be at least 1") });

/** POST /labs/api/accounts/{id}/sign-in-link: the link the operator hands over (SIGNUP=approval). */
export const signInLinkResponse = z.object({ ok: z.literal(true), url: z.string(), expires_at: isoTime });

export const accountIdParams = z.object({ id: idParam });

export const planJson = z.object({
  name: z.string(),
  requests_per_minute: z.number().int(),
  credits_per_month: z.number().int(),
  scopes: z.array(z.enum(ACCOUNT_SCOPES)),
  price_label: z.string(),
});
export type PlanJson = z.infer<typeof planJson>;

export const listPlansResponse = z.object({ ok: z.literal(true), plans: z.array(planJson) });

export const savePlanBody = z.object({
  requests_per_minute: int4.min(1, "must be at least 1"),
  credits_per_month: int4.min(0, "must not be negative"),
  scopes: z.array(z.enum(ACCOUNT_SCOPES)).max(10).default([]),
  price_label: text(60, 0).default(""),
});
export type SavePlanBody = z.infer<typeof savePlanBody>;

/** The plans editor's fields as typed (counts as text), read as the route reads its name and body. */
export const planForm = savePlanBody.extend({
  name: planName,
  requests_per_minute: integerInput.transform(Number).pipe(savePlanBody.shape.requests_per_minute),
  credits_per_month: integerInput.transform(Number).pipe(savePlanBody.shape.credits_per_month),
});

export const planParams = z.object({ name: planName });

export const savePlanResponse = z.object({ ok: z.literal(true), plan: planJson });
