import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, operatorCookie } from "@/tests/api/client";
import { createTestDatabase } from "@/tests/support/postgres";
import { startServer, type RunningServer } from "@/tests/support/server";

// The household's backups, taken on their own (docs/backup-and-restore.md,
// "Every night"): written into BACKUP_DIR, proven by a restore into a
// scratch database, copied to BACKUP_COPY_TO, kept by BACKUP_KEEP, listed and
// downloaded by the operator alone; a backup that fails raises backup.failed
// and shows on the dashboard.

/** A backup is proven by a restore in a process of its own: seconds alone, more on a busy machine. */
const PROOF_TIMEOUT_MS = 120_000;

type BackupFile = { name: string; size: number; created_at: string; proof: { ok: boolean; reason?: string } | null };
type Event = { type: string; data: { stage: string; reason: string; name: string } };

const folders: string[] = [];
const folder = (label: string) => {
  const made = mkdtempSync(path.join(tmpdir(), `labs-${label}-`));
  folders.push(made);
  return made;
};
afterAll(() => folders.forEach((made) => rmSync(made, { recursive: true, force: true })));

/** A call to one of this file's servers, as the operator. */
async function call<T>(server: RunningServer, route: string, init: RequestInit = {}) {
  return api<T>(route, { ...init, server: server.url, cookie: await operatorCookie() });
}

describe("backups taken on the server", () => {
  let server: RunningServer;
  const backups = folder("backups");
  const copies = folder("copies");
  beforeAll(async () => {
    server = await startServer({ BACKUP_DIR: backups, BACKUP_COPY_TO: copies, BACKUP_KEEP: "1,1" });
  });
  afterAll(() => server.stop());

  it(
    "writes a backup, proves it restores, copies it, lists it and lets the operator download it",
    async () => {
      await fetch(`${server.url}/api/core-ask/log`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "Fazer cópia de segurança" }),
      });
      const taken = await call<{ backup: BackupFile }>(server, "/labs/api/backups", { method: "POST" });
      expect(taken.status).toBe(201);
      const { backup } = taken.data;
      expect(backup.name).toMatch(/^labs-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.ndjson\.gz$/);
      expect(backup.proof).toMatchObject({ ok: true });

      // The file is the archive, private to the server's user, and its copy is the same.
      const file = path.join(backups, backup.name);
      const lines = gunzipSync(readFileSync(file)).toString("utf8").trim().split("\n");
      expect(JSON.parse(lines[0]!)).toMatchObject({ labs: "backup" });
      expect(lines.some((line) => line.includes("Fazer cópia de segurança"))).toBe(true);
      expect(readFileSync(path.join(copies, backup.name)).equals(readFileSync(file))).toBe(true);

      const listed = await call<{ backups: BackupFile[] }>(server, "/labs/api/backups");
      expect(listed.data.backups.map((each) => each.name)).toEqual([backup.name]);
      const download = await fetch(`${server.url}/labs/api/backups/${backup.name}`, {
        headers: { cookie: await operatorCookie() },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${backup.name}"`);
      expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    },
    PROOF_TIMEOUT_MS,
  );

  it(
    "keeps BACKUP_KEEP of them: a second proven backup of the day replaces the first",
    async () => {
      const before = (await call<{ backups: BackupFile[] }>(server, "/labs/api/backups")).data.backups;
      // Backups are named by the second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const taken = await call<{ backup: BackupFile }>(server, "/labs/api/backups", { method: "POST" });
      expect(taken.status).toBe(201);
      const after = (await call<{ backups: BackupFile[] }>(server, "/labs/api/backups")).data.backups;
      expect(after.map((each) => each.name)).toEqual([taken.data.backup.name]);
      expect(before.every((each) => !existsSync(path.join(backups, each.name)))).toBe(true);
    },
    PROOF_TIMEOUT_MS,
  );

  it("lists only what it names a backup, and serves no other file of the folder", async () => {
    writeFileSync(path.join(backups, "notes.txt"), "not a backup");
    const listed = await call<{ backups: BackupFile[] }>(server, "/labs/api/backups");
    expect(listed.data.backups.map((each) => each.name)).not.toContain("notes.txt");
    for (const name of ["notes.txt", "..%2F..%2Fetc%2Fpasswd", "labs-backup-2026-01-01T000000Z.ndjson.gz"]) {
      const refused = await call(server, `/labs/api/backups/${name}`);
      expect([400, 404], name).toContain(refused.status);
    }
  });

  it("is the operator's alone: strangers can neither list, take nor download", async () => {
    const [newest] = (await call<{ backups: BackupFile[] }>(server, "/labs/api/backups")).data.backups;
    const stranger = { "x-forwarded-for": "203.0.113.9" };
    expect((await fetch(`${server.url}/labs/api/backups`, { headers: stranger })).status).toBe(401);
    const take = await fetch(`${server.url}/labs/api/backups`, {
      method: "POST",
      headers: { ...stranger, "content-type": "application/json" },
      body: "{}",
    });
    expect(take.status).toBe(401);
    expect((await fetch(`${server.url}/labs/api/backups/${newest!.name}`, { headers: stranger })).status).toBe(401);
  });
});

describe("the nightly schedule", () => {
  it(
    "takes a proven backup at BACKUP_SCHEDULE on its own",
    async () => {
      const backups = folder("scheduled");
      // Every five seconds, for the test; the default is 30 3 * * * on the household's clock.
      const server = await startServer({ BACKUP_DIR: backups, BACKUP_SCHEDULE: "*/5 * * * * *" });
      try {
        const deadline = Date.now() + 60_000;
        let proven: BackupFile | undefined;
        while (!proven && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const { data } = await call<{ backups: BackupFile[] }>(server, "/labs/api/backups");
          proven = data.backups.find((each) => each.proof?.ok);
        }
        expect(proven, "a proven backup within a minute").toBeDefined();
        expect(readdirSync(backups)).toContain(proven!.name);
      } finally {
        await server.stop();
      }
    },
    PROOF_TIMEOUT_MS,
  );
});

describe.runIf(inject("postgresBase"))("two instances on one PostgreSQL", () => {
  it(
    "take each scheduled backup once between them",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "backupslot");
      const [first, second] = [folder("first"), folder("second")];
      const schedule = { BACKUP_SCHEDULE: "*/3 * * * * *", DATABASE_URL: database.url };
      const servers = await Promise.all([
        startServer({ ...schedule, BACKUP_DIR: first }),
        startServer({ ...schedule, BACKUP_DIR: second }),
      ]);
      try {
        const taken = () =>
          [...readdirSync(first), ...readdirSync(second)].filter((name) => name.endsWith(".ndjson.gz"));
        // Each proof takes seconds, and an instance skips the slots that come while it proves one.
        const deadline = Date.now() + 90_000;
        while (taken().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
        const names = taken();
        expect(names.length, "two scheduled backups within 90 s").toBeGreaterThanOrEqual(2);
        // A slot taken by both would be the same name in both folders.
        expect(new Set(names).size).toBe(names.length);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
      }
    },
    PROOF_TIMEOUT_MS,
  );
});

describe("a backup that cannot be written", () => {
  it(
    "raises backup.failed, and the dashboard says Labs is not well until one is proven",
    async () => {
      // BACKUP_DIR under a file: no folder can be made there.
      const blocker = path.join(folder("blocked"), "a-file");
      writeFileSync(blocker, "");
      const server = await startServer({ BACKUP_DIR: path.join(blocker, "backups") });
      try {
        const taken = await call<{ error: { message: string } }>(server, "/labs/api/backups", { method: "POST" });
        expect(taken.status).toBe(500);
        expect(taken.data.error.message).toMatch(/^The backup could not be written: /);

        const { data } = await call<{ events: Event[] }>(server, "/labs/api/events?types=backup.failed");
        expect(data.events).toEqual([
          expect.objectContaining({ type: "backup.failed", data: expect.objectContaining({ stage: "write" }) }),
        ]);
        const dashboard = await call<{ health: { services: { service: string; ok: boolean; detail: string }[] } }>(
          server,
          "/labs/api/dashboard",
        );
        const labs = dashboard.data.health.services.find((service) => service.service === "labs")!;
        expect(labs.ok).toBe(false);
        expect(labs.detail).toMatch(/the backup of .+ failed: /);
      } finally {
        await server.stop();
      }
    },
    PROOF_TIMEOUT_MS,
  );
});
