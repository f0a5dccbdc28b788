import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api, operatorCookie } from "@/tests/api/client";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// The disk the embedded database writes to fills up (docs/running-unattended.md,
// "A full disk"): writes are refused with 507 and the error envelope, reads
// go on, the dashboard says why, and once space is freed writes resume
// without a restart, with nothing lost or damaged. The disk is a small tmpfs
// of its own, which only root may mount.

const mountPoint = mkdtempSync(path.join(tmpdir(), "labs-small-disk-"));
const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=128m,mode=0700", "tmpfs", mountPoint]).status === 0;
if (!mounted) console.warn(`tests/api/disk-full.test.ts skipped: mounting a small tmpfs needs root (CI runs as root)`);
afterAll(() => {
  if (mounted) spawnSync("umount", [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

type Card = { id: number; photos: { front: string | null } };
type Service = { service: string; ok: boolean; detail: string };

async function call<T>(server: RunningServer, route: string, init: RequestInit & { json?: unknown } = {}) {
  return api<T>(route, { ...init, server: server.url, cookie: await operatorCookie() });
}

async function labsLine(server: RunningServer): Promise<Service> {
  const { data } = await call<{ health: { services: Service[] } }>(server, "/labs/api/dashboard", {
    headers: { "accept-language": "en" },
  });
  return data.health.services.find((service) => service.service === "labs")!;
}

/** Writes `file` until the disk takes no more, in ever smaller pieces. */
function fillDisk(file: string): void {
  const descriptor = openSync(file, "w");
  try {
    for (const size of [1 << 20, 1 << 12]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(descriptor, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(descriptor);
  }
}

/** A picture of a card as a phone sends it: a JPEG's first bytes, then what does not compress. */
// A mebibyte: more than the full disk can take.
const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1024 * 1024)]);

describe.skipIf(!mounted)("a full disk", () => {
  it(
    "refuses writes with 507, keeps reads, says so on the dashboard, and takes writes again once space is freed",
    async () => {
      const env = { PGLITE_DIR: path.join(mountPoint, "pglite"), DATA_DIR: path.join(mountPoint, "data") };
      let server = await startServer(env);
      try {
        const store = await call<{ store_id: number }>(server, "/base-scan/api/stores", {
          method: "POST",
          json: { name: "Continente do bairro" },
        });
        const added = await call<{ card: Card }>(server, `/base-scan/api/stores/${store.data.store_id}/cards`, {
          method: "POST",
          json: { person_name: "Rita", card_value: "2501234567890" },
        });
        const card = added.data.card;
        expect((await labsLine(server)).detail).toMatch(/ MiB free on disk/);

        const filler = path.join(mountPoint, "filler");
        fillDisk(filler);
        const put = () =>
          call<{ card: Card }>(server, `/base-scan/api/cards/${card.id}/photos/front`, {
            method: "PUT",
            headers: { "content-type": "image/jpeg", "accept-language": "en" },
            body: new Uint8Array(photo),
          });
        const refused = await put();
        expect(refused.status).toBe(507);
        expect(refused.data).toMatchObject({
          ok: false,
          error: { code: "insufficient_storage", message: expect.stringContaining("disk is full") },
        });
        // Reads go on.
        const read = await call<{ card: Card }>(server, `/base-scan/api/cards/${card.id}`);
        expect(read.status).toBe(200);
        expect(read.data.card.photos.front).toBeNull();
        const line = await labsLine(server);
        expect(line.ok).toBe(false);
        expect(line.detail).toContain("the disk is full");

        // Space comes back: the same write is taken, no restart.
        rmSync(filler);
        const taken = await put();
        expect(taken.status, JSON.stringify(taken.data)).toBe(200);
        expect((await labsLine(server)).ok).toBe(true);
        await server.stop();

        // Nothing was lost or damaged: a new start reads the card and its picture back.
        server = await startServer(env);
        const again = await call<{ card: Card }>(server, `/base-scan/api/cards/${card.id}`);
        const served = await fetch(`${server.url}${again.data.card.photos.front}`, {
          headers: { cookie: await operatorCookie() },
        });
        expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
      } finally {
        await server.stop();
      }
    },
    OWN_SERVER_TIMEOUT_MS * 2,
  );
});
