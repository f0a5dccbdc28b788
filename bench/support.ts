// What the scan benches share: a production server on the embedded PGlite or,
// with BENCH_DATABASE_URL, on a database of its own on that PostgreSQL server;
// barcodes no one has scanned; the scan session cookie; percentiles.
import { randomInt } from "node:crypto";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { gtinCheckDigit } from "../lib/scan/check-digit";
import { createTestDatabase } from "../tests/support/postgres";
import { startServer, type RunningServer } from "../tests/support/server";

export type BenchServer = { server: RunningServer; kind: "pglite" | "postgresql"; stop: () => Promise<void> };

/** Builds if needed and starts the server, without the test servers' response-schema check: the bench measures the app. */
export async function startBenchServer(env: Record<string, string | undefined> = {}): Promise<BenchServer> {
  const base = process.env.BENCH_DATABASE_URL;
  await buildIfNeeded();
  const database = base ? await createTestDatabase(base, "bench") : null;
  const server = await startServer({
    // PGlite in memory, as the bare server has it (not the test servers' template copy).
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DIR: "memory://" }),
    LABS_CHECK_RESPONSES: undefined,
    ...env,
  });
  return {
    server,
    kind: database ? "postgresql" : "pglite",
    stop: async () => {
      await server.stop();
      await database?.drop();
    },
  };
}

/** A valid EAN-13 in the in-store range (prefix 2), so never a real product. */
export function randomEan13(): string {
  const data = `2${String(randomInt(0, 1e11)).padStart(11, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

/** The `scan_sid` cookie a scan answer set, else the one the phone already had. */
export function scanCookie(response: Response, previous?: string): string | undefined {
  return /scan_sid=[^;]*/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? previous;
}

/** The q-quantile (0–1) of timings sorted ascending. */
export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
