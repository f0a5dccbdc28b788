import path from "node:path";
import { z } from "zod";

// Every environment variable the app reads, parsed once on first use (never at
// import time, so `next build` does not need a configured machine).
const envSchema = z.object({
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
  OPERATOR_PASSWORD_HASH: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  OFF_BASE_URL: z.url().default("https://world.openfoodfacts.org"),
  // DESIGN §4: 5 s; tests shorten it to stay fast.
  OFF_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  // How long a draft may take before it is a 504 (DESIGN §4: 20 s); tests shorten it.
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  RESEARCH_BROWSER_UA_ONLY: z
    .enum(["0", "1", ""])
    .default("0")
    .transform((v) => v === "1"),
  LABS_RELEASE: z.string().optional(),
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
