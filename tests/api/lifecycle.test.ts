import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "@/tests/support/postgres";
import { operatorCookie } from "./client";
import {
  freePort,
  OWN_SERVER_TIMEOUT_MS,
  startServer,
  TEST_OPERATOR_PASSWORD,
  type RunningServer,
} from "@/tests/support/server";

// These start servers of their own: restarts, a dead database, two instances.

async function wrongPassword(server: RunningServer, client: string) {
  const response = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ password: "wrong" }),
  });
  return response.status;
}

async function rightPassword(server: RunningServer, client: string) {
  const response = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ password: TEST_OPERATOR_PASSWORD }),
  });
  return response.status;
}

describe("embedded database on disk", () => {
  it("keeps its schema and migration history across a restart", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "labs-pglite-")), "pglite");
    const first = await startServer({ PGLITE_DIR: dir });
    await first.stop();
    expect(first.output()).toMatch(/applied migrations \S*_init\b.* \(pglite\)/);

    const second = await startServer({ PGLITE_DIR: dir });
    try {
      expect(second.output()).not.toMatch(/applied migrations/);
      expect(await wrongPassword(second, "10.1.1.1")).toBe(401);
      expect(await rightPassword(second, "10.1.1.1")).toBe(303);
    } finally {
      await second.stop();
    }
    // Two server starts in a row: on a loaded machine that alone can take half a minute.
  }, 90_000);
});

describe("database down", () => {
  it(
    "health checks answer 503 with the envelope, and the dashboard says the database is down",
    async () => {
      const server = await startServer(
        { DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nothing_listens_here" },
        { expectHealthy: false },
      );
      try {
        for (const path of ["/labs/healthz", "/base-scan/healthz", "/core-ask/healthz", "/base-ask/healthz"]) {
          const response = await fetch(`${server.url}${path}`);
          expect(response.status).toBe(503);
          expect(await response.json()).toMatchObject({ ok: false, db: "down", error: { code: "unavailable" } });
        }
        // The operator dashboard says so instead of showing zeros, as JSON and as a page.
        const cookie = await operatorCookie();
        const dashboard = await fetch(`${server.url}/labs/api/dashboard`, { headers: { cookie } });
        expect(dashboard.status).toBe(503);
        expect(await dashboard.json()).toMatchObject({ ok: false, error: { code: "unavailable" } });
        const page = await fetch(`${server.url}/`, { headers: { cookie, "accept-language": "en" } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("Database: not answering");
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe.runIf(inject("postgresBase"))("two instances on one PostgreSQL", () => {
  it(
    "both migrate, both are healthy, and they share state",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "pair");
      const [a, b] = await Promise.all([
        startServer({ DATABASE_URL: database.url }),
        startServer({ DATABASE_URL: database.url }),
      ]);
      try {
        for (const server of [a, b]) {
          const response = await fetch(`${server.url}/labs/healthz`);
          expect(response.status).toBe(200);
        }
        for (let i = 0; i < 5; i++) expect(await wrongPassword(i % 2 ? a : b, "10.3.3.3")).toBe(401);
        // Past the free attempts each failure must wait 1 s, 2 s, 4 s… from the last: waited out on one
        // instance, counted on the other, until the wait (8 s) outlasts any pause of a loaded machine
        // before the two checks below. A 1 s wait alone was once over before the second check came.
        for (const [seconds, server] of [
          [1, a],
          [2, b],
          [4, a],
        ] as const) {
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100));
          expect(await wrongPassword(server, "10.3.3.3")).toBe(401);
        }
        expect(await rightPassword(a, "10.3.3.3")).toBe(429);
        expect(await rightPassword(b, "10.3.3.3")).toBe(429);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.drop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});

describe("npm start", () => {
  it("serves on PORT with generated operator secrets when none are configured", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "labs-start-"));
    const port = await freePort();
    // The README's command itself, through npm.
    const child = spawn("npm", ["start", "--silent"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PGLITE_DIR: path.join(dataDir, "pglite"),
        SESSION_SECRET: "",
        OPERATOR_PASSWORD: "",
        DATABASE_URL: "",
      },
      stdio: "ignore",
      detached: true,
    });
    try {
      // A first start: the database is created and migrated. That takes seconds alone and can take a
      // minute while the other suites load the machine; nothing here is timed.
      let status = 0;
      const deadline = Date.now() + 150_000;
      while (status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await fetch(`http://127.0.0.1:${port}/labs/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      }
      expect(status).toBe(200);
      const secretsFile = path.join(dataDir, "operator-secrets.json");
      expect(existsSync(secretsFile)).toBe(true);
      const { password } = JSON.parse(readFileSync(secretsFile, "utf8")) as { password: string };
      const login = await fetch(`http://127.0.0.1:${port}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password }),
      });
      expect(login.status).toBe(303);
    } finally {
      // npm, node and next: the whole group.
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, "SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
