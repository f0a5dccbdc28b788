// npx tsx bench/cold-start.ts — `npm start` on a built tree until the first
// 200 from /labs/healthz: a first start (fresh data directory: the database
// is created and migrated) and restarts on that data, several times. Prints
// the times; asserts nothing. Builds first if the tree is not built.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { freePort } from "../tests/support/server";

const RESTARTS = 5;

async function startToFirst200(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      DATABASE_URL: undefined,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: "ignore",
    detached: true,
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/labs/healthz`)
        .then((response) => response.status === 200)
        .catch(() => false);
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error("no 200 within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    // npm, tsx and next: the whole group.
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

await buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), "labs-cold-"));
try {
  console.log(`first start (new database, migrated): ${(await startToFirst200(dataDir)).toFixed(0)} ms`);
  const restarts: number[] = [];
  for (let i = 0; i < RESTARTS; i++) restarts.push(await startToFirst200(dataDir));
  restarts.sort((a, b) => a - b);
  console.log(
    `restart on that data, ${RESTARTS} times: median ${restarts[Math.floor(RESTARTS / 2)]!.toFixed(0)} ms (${restarts.map((t) => t.toFixed(0)).join(", ")})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
