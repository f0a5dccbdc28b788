// npx tsx bench/cold-start.ts — `npm start` on a built tree until the first
// page a person opens is usable: the wallet (/base-scan/) answered whole,
// with its HTML, its scripts and its styles, as a phone would fetch them. Also
// the first 200 from /labs/healthz, what a monitor sees. A first start (fresh
// data directory: the database is created and migrated), then restarts on
// that data, several times. Prints the times; asserts nothing. Builds first
// if the tree is not built.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { freePort } from "../tests/support/server";

const RESTARTS = 5;

type Start = { health: number; page: number };

/** Every script and stylesheet a page links, fetched as a browser would on its first visit. */
async function fetchPageWhole(url: string): Promise<boolean> {
  const response = await fetch(url);
  if (response.status !== 200) return false;
  const html = await response.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const answers = await Promise.all(
    assets.map((asset) => fetch(new URL(asset, url)).then((r) => r.arrayBuffer().then(() => r.status))),
  );
  return assets.length > 0 && answers.every((status) => status === 200);
}

async function startToFirst200(dataDir: string): Promise<Start> {
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
    let health: number | undefined;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/labs/healthz`)
        .then((response) => response.status === 200)
        .catch(() => false);
      if (ok) {
        health = performance.now() - started;
        break;
      }
      if (performance.now() - started > 60_000) throw new Error("no 200 within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (!(await fetchPageWhole(`http://127.0.0.1:${port}/base-scan/`)))
      throw new Error("the wallet did not load whole");
    return { health, page: performance.now() - started };
  } finally {
    // npm, tsx and next: the whole group.
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

await buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), "labs-cold-"));
try {
  const first = await startToFirst200(dataDir);
  console.log(
    `first start (new database, migrated): healthz ${first.health.toFixed(0)} ms, wallet usable ${first.page.toFixed(0)} ms`,
  );
  const restarts: Start[] = [];
  for (let i = 0; i < RESTARTS; i++) restarts.push(await startToFirst200(dataDir));
  for (const key of ["health", "page"] as const) {
    const times = restarts.map((start) => start[key]).sort((a, b) => a - b);
    console.log(
      `restart on that data, ${RESTARTS} times, ${key === "health" ? "healthz 200" : "wallet usable"}: median ${times[Math.floor(RESTARTS / 2)]!.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(", ")})`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
