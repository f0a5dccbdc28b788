import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshPgliteDir } from "./pglite-template";

export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdefghij";
export const TEST_OPERATOR_PASSWORD = "correct horse battery staple";

/**
 * The budget of a test that starts a server of its own: that start (a fresh
 * database, migrated) takes 5–25 s on a busy machine and may take up to
 * startServer's own 60 s deadline, more than a test's default 30 s. Nothing
 * is timed; a test that needs more (two starts in a row) says so itself.
 */
export const OWN_SERVER_TIMEOUT_MS = 90_000;

export type RunningServer = {
  url: string;
  port: number;
  /** The server's process, for a bench that signals it. */
  pid: number;
  stop: () => Promise<void>;
  output: () => string;
  /** Resolves with the process's exit code once it has exited. */
  exited: Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

const TEST_KEEP_ALIVE_MS = 10 * 60 * 1000;

/** The built server `npm start` runs (server/main.ts, built by scripts/build-server.mjs). */
export function builtServer(): string {
  return path.resolve(process.env.NEXT_DIST_DIR || ".next", "labs-server.mjs");
}

/**
 * A real production server (what `npm start` runs, built beforehand) on a
 * free port; with `dev`, the same server from source as `npm run dev` runs
 * it (Next keeps its development build in a folder of its own, .next/dev). Without DATABASE_URL or PGLITE_DIR it
 * gets a PGlite database of its own, already migrated; given either, it
 * migrates it on start. Resolves once /labs/healthz answers.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  options: { expectHealthy?: boolean; port?: number; args?: string[]; dev?: boolean } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "labs-test-"));
  // Without a database of its own, a copy of the migrated template (tests/support/pglite-template.ts).
  const database = env.PGLITE_DIR || env.DATABASE_URL ? null : freshPgliteDir();
  const child: ChildProcess = spawn(
    process.execPath,
    // The server `npm start` runs, or `npm run dev`'s (tsx server/main.ts --dev).
    //
    // Idle connections are kept for ten minutes, not Node's five seconds:
    // Playwright's request contexts reuse a pooled connection whatever the
    // server's Keep-Alive hint says, so one idle for five seconds could be
    // sent a request just as the server closed it (ECONNRESET,
    // https://github.com/microsoft/playwright/issues/42698). A context lives
    // no longer than its test.
    // `args` are the server's own further options (its connection limits).
    [
      ...(options.dev ? ["--import", "tsx", path.resolve("server/main.ts"), "--dev"] : [builtServer()]),
      "--port",
      String(port),
      "--keepAliveTimeout",
      String(TEST_KEEP_ALIVE_MS),
      ...(options.args ?? []),
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: options.dev ? "development" : "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PGLITE_DIR: database?.dir ?? "memory://",
        DATA_DIR: dataDir,
        SESSION_SECRET: TEST_SESSION_SECRET,
        OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
        LABS_CHECK_RESPONSES: "1",
        // No test may depend on the hour it runs at: quiet hours are tested where asked for,
        // and the nightly backup only where a test schedules it.
        NOTIFY_QUIET_HOURS: "",
        BACKUP_SCHEDULE: "off",
        DATABASE_URL: undefined,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    }).then(() => {
      database?.remove();
      rmSync(dataDir, { recursive: true, force: true });
    });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    }
    const status = await fetch(`${url}/labs/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200 || (status === 503 && options.expectHealthy === false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become ready on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, port, pid: child.pid!, stop, output: () => output, exited };
}
