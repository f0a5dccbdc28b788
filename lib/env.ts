import { isIP } from "node:net";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { isPasswordHash } from "@/lib/auth/password";
import { isQuietHours } from "@/lib/notify/quiet-hours";

// Every environment variable the app reads, parsed once on first use (never at
// import time, so `next build` does not need a configured machine). The
// server reads its own before the app loads: PORT, and
// LABS_CONNECTIONS_PER_CLIENT (server/main.ts).

/** `a, b,c` → ["a", "b", "c"]; unset or blank → []. */
const commaList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PGLITE_DIR: z.string().min(1).default("./data/pglite"),
    DATA_DIR: z.string().min(1).default("./data"),
    // Nightly backups (docs/backup-and-restore.md): when (cron, Europe/Lisbon;
    // `off` for none), where (default DATA_DIR/backups), how many are kept
    // (`<daily>,<weekly>`) and a second folder each proven one is copied to.
    BACKUP_SCHEDULE: z
      .string()
      .default("30 3 * * *")
      .refine((value) => value === "off" || isCronPattern(value), "must be a cron pattern (`30 3 * * *`) or off"),
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEEP: z
      .string()
      .default("14,8")
      .refine((value) => /^\d{1,4},\d{1,4}$/.test(value.replaceAll(" ", "")), "must be <daily>,<weekly>, as 14,8")
      .transform((value) => {
        const [daily, weekly] = value.replaceAll(" ", "").split(",").map(Number);
        return { daily: daily!, weekly: weekly! };
      }),
    BACKUP_COPY_TO: z.string().min(1).optional(),
    OPERATOR_PASSWORD: z.string().min(1).optional(),
    // scrypt$<salt>$<key>, made by `npm run hash-password`; checked in full
    // below, since a hash whose key decodes to nothing would accept any password.
    OPERATOR_PASSWORD_HASH: z
      .string()
      .refine(isPasswordHash, "must be scrypt$<salt>$<key> as printed by `npm run hash-password`")
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    OFF_BASE_URL: z.url().default("https://world.openfoodfacts.org"),
    // docs/contract.md, "Scan decisions": 5 s; tests shorten it to stay fast.
    OFF_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    LLM_BASE_URL: z.url().optional(),
    LLM_MODEL: z.string().optional(),
    LLM_API_KEY: z.string().optional(),
    // How long a draft may take before it is a 504 (docs/contract.md, "Ask decisions": 20 s); tests shorten it.
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    RESEARCH_BROWSER_UA_ONLY: z
      .enum(["0", "1", ""])
      .default("0")
      .transform((v) => v === "1"),
    // `1`: a price drop read from a stranger's observation (the new price or
    // the one before) is listed in the snapshot's `drops`, marked `anonymous`.
    // Off by default: a made-up price would show as a 99.9 % drop to the agent
    // and on the dashboards (docs/decisions/005-origins-and-anonymous-limits.md).
    RESEARCH_ANON_DROPS: z
      .enum(["0", "1", ""])
      .default("0")
      .transform((v) => v === "1"),
    LABS_RELEASE: z.string().optional(),
    // Reverse proxies whose X-Forwarded-For is believed: addresses, CIDRs and
    // the word `loopback`, comma-separated (docs/decisions/001-client-address.md).
    TRUSTED_PROXIES: commaList.refine(
      (entries) => entries.every(isProxyEntry),
      'each entry must be an address, a CIDR (10.0.0.0/8) or "loopback"',
    ),
    // `open`: the contract's public paths stay public. `household`: every page and
    // API needs the operator, an API key or a paired device, except the health
    // checks and requests from this machine (docs/decisions/004-household-mode.md).
    LABS_ACCESS: z.enum(["open", "household"]).default("open"),
    // Anonymous writes (no operator, key or paired device; not this machine)
    // a client may make a minute, in bursts of as many; 0 turns the limit off
    // (docs/decisions/005-origins-and-anonymous-limits.md).
    ANON_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),
    // Wrong passwords a minute, every client together, before every wrong
    // password waits (lib/auth/login-throttle.ts). A household mistypes a few
    // a minute at most; an attacker with many addresses or IPv6 networks
    // spends it in seconds. 0 turns the budget off (the per-client throttle stays).
    LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(30),
    // Attachments: what one anonymous client may upload a day, and what all
    // anonymous uploads together may keep in the database (MiB).
    ASK_ANON_UPLOAD_MB_PER_DAY: z.coerce.number().min(0).max(100_000).default(50),
    ASK_UPLOAD_TOTAL_MB: z.coerce.number().min(0).max(10_000_000).default(2000),
    // Text (captures, notes, observations, scans, cards…) one anonymous client
    // may store a UTC day, in MiB; the write limit alone bounds how often, not
    // how much. 0 turns the cap off (docs/decisions/005-origins-and-anonymous-limits.md).
    ANON_TEXT_MB_PER_DAY: z.coerce.number().min(0).max(1024).default(5),
    // The highest priority an anonymous capture may have (0–5).
    ASK_ANON_MAX_PRIORITY: z.coerce.number().int().min(0).max(5).default(2),
    // How long events are kept, in days (docs/decisions/022-event-log.md).
    EVENTS_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    // How long a webhook receiver has to answer, in milliseconds.
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    // Web push's VAPID key pair and contact (docs/decisions/024-notifications.md):
    // unset, a pair is made on first start into DATA_DIR/vapid-keys.json.
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// address")
      .default("mailto:labs@labs.invalid"),
    // `1`: push endpoints and ntfy servers on loopback and private addresses,
    // and over plain http, are taken (tests, a push service of one's own).
    WEB_PUSH_ALLOW_PRIVATE: z
      .enum(["0", "1", ""])
      .default("0")
      .transform((v) => v === "1"),
    // When pushes and ntfy messages wait, for people who set none: HH:MM-HH:MM
    // in Europe/Lisbon; empty turns them off.
    NOTIFY_QUIET_HOURS: z.string().default("22:00-08:00").refine(isQuietHours, "must read HH:MM-HH:MM, or be empty"),
    // What follows a message to one phone or topic within this many seconds
    // is gathered into one message, sent when they have passed.
    NOTIFY_BATCH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
    // How long a push service or an ntfy server has to answer, in milliseconds.
    NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    // Phase 2 (docs/decisions/034-accounts-and-credits.md): whether people
    // outside the household may sign up for keys of their own. `off` (the
    // pages and routes answer 404), `approval` (the operator lets each in) or
    // `email` (a link by email, through SMTP_URL).
    SIGNUP: z.enum(["off", "approval", "email"]).default("off"),
    // smtp://user:pass@host:587 or smtps://…: how sign-in links are mailed; MAIL_FROM signs them.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Labs <labs@localhost>"),
    // What a new account is given on verification, and for how long.
    TRIAL_CREDITS: z.coerce.number().int().min(0).max(1_000_000_000).default(1000),
    TRIAL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // Keys an account may hold at once (revoked ones do not count).
    ACCOUNT_MAX_KEYS: z.coerce.number().int().min(1).max(1000).default(5),
    // Sign-ups a day from one client network, and to one email domain.
    SIGNUPS_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(5),
    SIGNUPS_PER_DOMAIN_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
    // Host names served besides IP literals, localhost and this machine's name.
    LABS_HOSTS: commaList.transform((names) => names.map((name) => name.toLowerCase())),
  })
  .superRefine((value, context) => {
    if (value.SIGNUP === "email" && !value.SMTP_URL) {
      context.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is needed with SIGNUP=email: sign-in links are sent by email (smtp://host:587)",
      });
    }
    // A short operator password on a server others can reach is guessed; the
    // login throttle only slows that down.
    if (value.NODE_ENV === "production" && value.OPERATOR_PASSWORD && value.OPERATOR_PASSWORD.length < 12) {
      context.addIssue({
        code: "custom",
        path: ["OPERATOR_PASSWORD"],
        message: "must be at least 12 characters in production",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

let parsed: Env | undefined;

export function env(): Env {
  if (parsed) return parsed;
  const result = envSchema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  parsed = result.data;
  return parsed;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

export function isProduction(): boolean {
  return env().NODE_ENV === "production";
}

/** A pattern croner takes (five fields, or six with seconds first). */
function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

function isProxyEntry(entry: string): boolean {
  if (entry === "loopback") return true;
  const [address, bits, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || rest.length) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}
