import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isPasswordHash } from "@/lib/auth/password";

// Every environment variable the app reads, parsed once on first use (never at
// import time, so `next build` does not need a configured machine).

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
    // Attachments: what one anonymous client may upload a day, and what all
    // anonymous uploads together may keep in the database (MiB).
    ASK_ANON_UPLOAD_MB_PER_DAY: z.coerce.number().min(0).max(100_000).default(50),
    ASK_UPLOAD_TOTAL_MB: z.coerce.number().min(0).max(10_000_000).default(2000),
    // The highest priority an anonymous capture may have (0–5).
    ASK_ANON_MAX_PRIORITY: z.coerce.number().int().min(0).max(5).default(2),
    // `1` (default): the JSON APIs are answered before Next's router
    // (docs/decisions/017-direct-json-routes.md); `0` sends them through Next
    // like pages, the way to rule the direct routes out when something is odd.
    LABS_DIRECT_ROUTES: z
      .enum(["0", "1", ""])
      .default("1")
      .transform((v) => v !== "0"),
    // Host names served besides IP literals, localhost and this machine's name.
    LABS_HOSTS: commaList.transform((names) => names.map((name) => name.toLowerCase())),
  })
  .superRefine((value, context) => {
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

function isProxyEntry(entry: string): boolean {
  if (entry === "loopback") return true;
  const [address, bits, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || rest.length) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}
