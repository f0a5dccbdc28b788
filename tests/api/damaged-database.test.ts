import { spawnSync } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api, operatorCookie } from "@/tests/api/client";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// The embedded database's folder damaged on disk (a truncated file): Labs
// stops with a message that names the newest proven backup and the command
// that restores it, and following it brings the household back.

const folder = mkdtempSync(path.join(tmpdir(), "labs-damaged-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function call<T>(server: RunningServer, route: string, init: RequestInit & { json?: unknown } = {}) {
  return api<T>(route, { ...init, server: server.url, cookie: await operatorCookie() });
}

/** Starts a server, or gives what it printed as it refused to. */
async function startOrRefusal(env: Record<string, string>): Promise<RunningServer | string> {
  return startServer(env).catch((error: Error) => error.message);
}

describe("a damaged embedded database", () => {
  it(
    "stops the start, names the latest proven backup and its restore, and that restore brings the data back",
    async () => {
      const pgliteDir = path.join(folder, "pglite");
      const backups = path.join(folder, "backups");
      const env = { PGLITE_DIR: pgliteDir, BACKUP_DIR: backups };
      const before = await startServer(env);
      let backupName: string;
      try {
        const store = await call<{ store_id: number }>(before, "/base-scan/api/stores", {
          method: "POST",
          json: { name: "Pingo Doce da Sé" },
        });
        expect(store.status).toBe(200);
        const taken = await call<{ backup: { name: string; proof: { ok: boolean } } }>(before, "/labs/api/backups", {
          method: "POST",
        });
        expect(taken.data.backup.proof).toMatchObject({ ok: true });
        backupName = taken.data.backup.name;
      } finally {
        await before.stop();
      }

      // A file PostgreSQL reads at every start, cut short as a full disk or a failing card leaves it.
      const control = path.join(pgliteDir, "global", "pg_control");
      truncateSync(control, 100);

      const refusal = await startOrRefusal(env);
      expect(typeof refusal, "the server started on a damaged folder").toBe("string");
      const backupFile = path.join(backups, backupName);
      expect(refusal).toContain(`labs: cannot start: the embedded database in ${pgliteDir} cannot be opened`);
      expect(refusal).toContain(`The latest proven backup is ${backupFile}`);
      expect(refusal).toContain(`npm run restore -- --keep-credentials ${backupFile}`);
      expect(refusal, "a stack trace").not.toMatch(/^\s+at /m);
      // Nothing was made anew in its place: the damaged file is as it was left.
      expect(statSync(control).size).toBe(100);

      // Doing what it says: the folder aside, the restore, a start.
      renameSync(pgliteDir, `${pgliteDir}.damaged`);
      const restore = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/restore.ts", "--keep-credentials", backupFile],
        { env: { ...process.env, DATABASE_URL: undefined, ...env }, encoding: "utf8" },
      );
      expect(restore.status, `${restore.stdout}${restore.stderr}`).toBe(0);
      const after = await startServer(env);
      try {
        const stores = await call<{ stores: { name: string }[] }>(after, "/base-scan/api/stores");
        expect(stores.data.stores.map((store) => store.name)).toContain("Pingo Doce da Sé");
      } finally {
        await after.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS * 3,
  );

  it(
    "says where it looked when no proven backup is kept",
    async () => {
      const pgliteDir = path.join(folder, "pglite-without-backups");
      const backups = path.join(folder, "no-backups");
      const env = { PGLITE_DIR: pgliteDir, BACKUP_DIR: backups };
      await (await startServer(env)).stop();
      truncateSync(path.join(pgliteDir, "PG_VERSION"), 0);

      const refusal = await startOrRefusal(env);
      expect(typeof refusal, "the server started on a damaged folder").toBe("string");
      expect(refusal).toContain(`No proven backup was found in ${backups}`);
      expect(refusal).toContain("npm run restore -- --keep-credentials <backup file>");
    },
    OWN_SERVER_TIMEOUT_MS * 2,
  );
});
