import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { constants, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { operatorCookie, pairPhone } from "@/tests/api/client";
import { PNG_1X1 } from "@/tests/support/ask-files";
import { pngOf } from "@/tests/support/images";
import { createTestDatabase } from "@/tests/support/postgres";
import { makeAccount } from "@/tests/support/accounts";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";
import { BACKUP_TABLES } from "@/lib/platform/backup-tables";

// A backup holds every area's rows and attachments, and restores into a new
// database — PGlite or PostgreSQL, either way — with every row equal, ids
// kept; never over a household's data; never half (docs/backup-and-restore.md).

const FATURA =
  "A:500000000*B:123456789*C:PT*D:FT*E:N*F:20261120*G:FT A/77*H:ABCD1234-77*I1:PT*I3:10.00*I4:0.60*I7:20.00*I8:4.60*N:5.20*O:35.20*Q:abcd*R:1234";
/** A PNG followed by every byte value, so the attachment's round trip is shown to be exact. */
const ATTACHMENT = new Uint8Array(
  Buffer.concat([PNG_1X1, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7 + 3) % 256))]),
);

/** A code typed in by hand, so its scan has no format. */
const TYPED_CODE = "TALAO-0042";

/** The migration that made a scan without a format NULL where it had been ''. */
const ENUM_COLUMNS = "20261128184454_enum_columns";

/** The archive as a Labs before `migration` wrote it: the header without it, each row of `table` as `older` makes it. */
function archiveBefore(
  archive: Buffer,
  migration: string,
  table: string,
  older: (row: Record<string, unknown>) => Record<string, unknown>,
): Buffer {
  let inTable = false;
  const lines = gunzipSync(archive)
    .toString("utf8")
    .split("\n")
    .map((line, index) => {
      if (!line) return line;
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (index === 0) {
        const migrations = parsed.migrations as string[];
        expect(migrations).toContain(migration);
        return JSON.stringify({ ...parsed, migrations: migrations.filter((name) => name !== migration) });
      }
      if (typeof parsed.labs === "string") {
        inTable = parsed.labs === "table" && parsed.name === table;
        return line;
      }
      return inTable ? JSON.stringify(older(parsed)) : line;
    });
  return gzipSync(lines.join("\n"));
}

/** A card's photo: a real PNG, so the card route keeps it. */
const PHOTO = pngOf(30, 20, [122, 28, 48]);

type Backup = { header: Record<string, unknown>; tables: Map<string, string[]>; end: Record<string, unknown> };

/** The archive's lines, by table: each row exactly as written. */
function readArchive(archive: Buffer): Backup {
  const lines = gunzipSync(archive).toString("utf8").split("\n").filter(Boolean);
  const tables = new Map<string, string[]>();
  let current: string[] = [];
  let end: Record<string, unknown> = {};
  for (const line of lines.slice(1)) {
    if (line.startsWith('{"labs":')) {
      const control = JSON.parse(line) as { labs: string; name?: string };
      if (control.labs === "end") end = control;
      else tables.set(control.name!, (current = []));
    } else current.push(line);
  }
  return { header: JSON.parse(lines[0]!) as Record<string, unknown>, tables, end };
}

async function call(server: RunningServer, route: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const response = await fetch(`${server.url}${route}`, {
    redirect: "manual",
    ...rest,
    headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...rest.headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${route}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function downloadBackup(server: RunningServer): Promise<Buffer> {
  const response = await fetch(`${server.url}/labs/api/backup`, { headers: { cookie: await operatorCookie() } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/gzip");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="labs-backup-.*\.ndjson\.gz"$/);
  return Buffer.from(await response.arrayBuffer());
}

/** `npm run restore -- [flags] <file>` against a database, as a person would run it. */
function restoreWithCli(file: string, database: Record<string, string | undefined>, flags: string[] = []) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...flags, file], {
    env: { ...process.env, DATABASE_URL: undefined, PGLITE_DIR: undefined, ...database },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** One of everything: every table a backup holds gets rows through the app's own routes. */
type Filled = { todoId: number; attachmentId: number; key: string; sessionId: string };

async function fillEveryArea(server: RunningServer): Promise<Filled> {
  const operator = { cookie: await operatorCookie() };
  const store = await call(server, "/base-scan/api/stores", {
    method: "POST",
    json: { name: "Continente Bom Dia", tax_id: "500000000" },
  });
  await call(server, `/base-scan/api/stores/${store.store_id}/cards`, {
    method: "POST",
    json: { card_value: "2501234567890", card_format: "ean_13", label: "Cartão Continente", person_name: "Inês" },
  });
  const giftCard = await call(server, `/base-scan/api/stores/${store.store_id}/cards`, {
    method: "POST",
    json: {
      card_value: "GIFT-2026",
      card_format: "qr_code",
      person_name: "Inês",
      note: "Oferta\nPIN 4321",
      expiry: "2030-12-31",
      balance: "30,00",
      balance_currency: "EUR",
      starred: true,
    },
  });
  await call(server, `/base-scan/api/cards/${giftCard.card.id}/spend`, {
    method: "POST",
    json: { amount: "12,50", note: "Livros" },
  });
  await call(server, `/base-scan/api/cards/${giftCard.card.id}/photos/front`, { method: "PUT", body: PHOTO });
  const scanned = await call(server, "/base-scan/api/scan", {
    method: "POST",
    json: { value: "5601234567897", format: "ean_13" },
  });
  const sessionId = scanned.session_id as string;
  await call(server, "/base-scan/api/scan", {
    method: "POST",
    json: { value: FATURA, format: "qr_code", session_id: sessionId },
  });
  // Typed in: no format.
  await call(server, "/base-scan/api/scan", { method: "POST", json: { value: TYPED_CODE, session_id: sessionId } });
  await call(server, "/base-scan/api/preferences/set", {
    method: "POST",
    json: { code: "5601234567897", person_name: "Inês", sentiment: "like" },
  });
  await call(server, "/base-scan/api/prices", {
    method: "POST",
    json: { code: "5601234567897", store_id: store.store_id, price: "1,29" },
  });

  const form = new FormData();
  form.set("text", "A fotografia do talão de ontem");
  form.append("attachments", new Blob([ATTACHMENT], { type: "image/png" }), "talão.png");
  const logged = await call(server, "/api/core-ask/log", { method: "POST", body: form });
  await call(server, "/api/core-ask/log", { method: "POST", json: { text: "E o de hoje", parent_id: logged.id } });

  const observed = await call(server, "/base-research/api/observe", {
    method: "POST",
    json: {
      item_name: "Azeite Gallo 750 ml",
      source: "continente.pt",
      price: "7.49",
      session_slug: "azeite",
      session_title: "Azeite mais barato",
    },
  });
  await call(server, "/labs/api/watches", {
    method: "POST",
    json: { research_item_id: observed.item_id, below: "6,99", person: "Ana" },
  });
  await call(server, "/base-research/api/note", { method: "POST", json: { content: "Ver também o Pingo Doce" } });

  const key = await call(server, "/labs/api/keys", {
    method: "POST",
    headers: operator,
    json: { name: "agente", scopes: ["research"] },
  });
  await call(server, "/base-research/api/notes", { headers: { authorization: `Bearer ${key.key}` } });
  await call(server, "/labs/api/views", { method: "POST", json: { variant: "b" } });
  await pairPhone(server.url, "telemóvel da Inês");
  // An account from outside, on a plan of the household's own, with its key and a call made with it.
  await call(server, "/labs/api/plans/amigos", {
    method: "PUT",
    headers: operator,
    json: { requests_per_minute: 30, credits_per_month: 500, scopes: ["research:read"], price_label: "amigos" },
  });
  const account = await makeAccount(server.url, { scopes: ["research:read"] });
  await call(server, `/labs/api/accounts/${account.id}`, {
    method: "PATCH",
    headers: operator,
    json: { plan: "amigos" },
  });
  await call(server, "/base-research/api/state", { headers: { authorization: `Bearer ${account.key}` } });

  const todo = await call(server, `/api/core-ask/${logged.id}`, { headers: operator });
  return {
    todoId: logged.id as number,
    attachmentId: todo.todo.attachments[0].id as number,
    key: key.key as string,
    sessionId,
  };
}

describe("backup and restore", () => {
  let source: RunningServer;
  let archive: Buffer;
  let backup: Backup;
  let filled: Filled;
  const work = mkdtempSync(path.join(tmpdir(), "labs-backup-test-"));
  const archiveFile = path.join(work, "household.ndjson.gz");

  beforeAll(async () => {
    source = await startServer({ LABS_ACCESS: "household", SIGNUP: "approval" });
    filled = await fillEveryArea(source);
    archive = await downloadBackup(source);
    writeFileSync(archiveFile, archive);
    backup = readArchive(archive);
  }, 180_000);
  afterAll(async () => {
    await source?.stop();
  });

  it("holds rows of every area, attachments with their exact bytes, and counts them at its end", () => {
    expect(backup.header).toMatchObject({ labs: "backup", format: "labs-backup", version: 1, database: "pglite" });
    expect(backup.header.migrations).toEqual(expect.arrayContaining([expect.stringMatching(/_init$/)]));
    for (const table of BACKUP_TABLES) {
      expect(backup.tables.get(table)?.length ?? 0, `${table} rows`).toBeGreaterThan(0);
      expect((backup.end.rows as Record<string, number>)[table]).toBe(backup.tables.get(table)!.length);
    }
    const photo = JSON.parse(backup.tables.get("card_photo")![0]!) as { side: string; data: string };
    expect(photo.side).toBe("front");
    expect(Buffer.from(photo.data.slice(2), "hex")).toEqual(Buffer.from(PHOTO));
    const attachment = JSON.parse(backup.tables.get("attachment")![0]!) as { id: number; data: string };
    expect(attachment.id).toBe(filled.attachmentId);
    expect(Buffer.from(attachment.data.slice(2), "hex")).toEqual(Buffer.from(ATTACHMENT));
    expect(backup.tables.get("invoice")![0]).toContain('"buyer_nif":"123456789"');
  });

  it("is the operator's alone: strangers, family phones and API keys get nothing", async () => {
    const { cookie: member } = await pairPhone(source.url, "outro telemóvel");
    const key = await call(source, "/labs/api/keys", {
      method: "POST",
      headers: { cookie: await operatorCookie() },
      json: { name: "curioso", scopes: ["research", "ask", "scan"] },
    });
    // Not signed in: 401; a key, known but never let in here: 403.
    const callers: [Record<string, string>, number][] = [
      [{}, 401],
      [{ "x-forwarded-for": "203.0.113.9" }, 401],
      [{ cookie: member }, 401],
      [{ authorization: `Bearer ${key.key}` }, 403],
    ];
    for (const [headers, refused] of callers) {
      const backupAnswer = await fetch(`${source.url}/labs/api/backup`, { headers });
      expect(backupAnswer.status, JSON.stringify(headers)).toBe(refused);
      expect(backupAnswer.headers.get("content-type")).toMatch(/^application\/json/);
      const restoreAnswer = await fetch(`${source.url}/labs/api/restore`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/gzip" },
        body: new Blob([new Uint8Array(archive)]),
      });
      expect(restoreAnswer.status, JSON.stringify(headers)).toBe(refused);
    }
  });

  it("restores into a new PGlite with the CLI, every row equal, and new rows continue after the old ids", async () => {
    const dir = path.join(work, "restored-pglite");
    const restored = restoreWithCli(archiveFile, { PGLITE_DIR: dir }, ["--keep-credentials"]);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/restored \d+ rows from a backup of .* \(pglite\) into pglite/);
    expect(restored.output).toMatch(/API keys and paired phones were restored/);

    const copy = await startServer({ PGLITE_DIR: dir });
    try {
      const again = readArchive(await downloadBackup(copy));
      for (const table of BACKUP_TABLES) expect(again.tables.get(table), table).toEqual(backup.tables.get(table));

      const file = await fetch(`${copy.url}/api/core-ask/attachments/${filled.attachmentId}`, {
        headers: { cookie: await operatorCookie() },
      });
      expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(ATTACHMENT));
      // The key the backup holds opens the copy as it opened the original.
      await call(copy, "/base-research/api/notes", { headers: { authorization: `Bearer ${filled.key}` } });
      const next = await call(copy, "/api/core-ask/log", { method: "POST", json: { text: "Depois do restauro" } });
      expect(next.id).toBe(filled.todoId + 2);
      const scan = await call(copy, "/base-scan/api/scan", {
        method: "POST",
        json: { value: "hello", format: "qr_code" },
      });
      const sessions = backup.tables.get("scan_session")!.map((row) => (JSON.parse(row) as { id: string }).id);
      expect(sessions).not.toContain(scan.session_id);
    } finally {
      await copy.stop();
    }

    const twice = restoreWithCli(archiveFile, { PGLITE_DIR: dir });
    expect(twice.status).toBe(1);
    expect(twice.output).toMatch(/already holds a household's data .* never over existing data/);
  }, 120_000);

  it("leaves the backup's API keys and paired phones out of a CLI restore unless --keep-credentials", () => {
    const restored = restoreWithCli(archiveFile, { PGLITE_DIR: path.join(work, "without-credentials") });
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/API keys and paired phones were left out: create new keys and pair the phones/);
    // Each table restored is listed with its rows: these have none.
    expect(restored.output).toMatch(/^ {2}card: 2$/m);
    expect(restored.output).not.toMatch(/^ {2}(api_key|api_usage|paired_device):/m);
  }, 60_000);

  it("refuses the download on a navigation from another site, as it refuses cross-site writes", async () => {
    const cookie = await operatorCookie();
    const download = (site: string) =>
      fetch(`${source.url}/labs/api/backup`, { headers: { cookie, "sec-fetch-site": site } });
    for (const site of ["cross-site", "same-site"]) {
      const refused = await download(site);
      expect(refused.status, site).toBe(403);
      expect(await refused.json()).toMatchObject({ ok: false, error: { code: "forbidden" } });
    }
    // The admin page's own link, and the address typed or bookmarked.
    for (const site of ["same-origin", "none"]) {
      const answer = await download(site);
      expect(answer.status, site).toBe(200);
      await answer.arrayBuffer();
    }
  });

  it.runIf(inject("postgresBase"))(
    "crosses PGlite → PostgreSQL → PGlite with every row and attachment equal",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "restore");
      try {
        const toPostgres = restoreWithCli(archiveFile, { DATABASE_URL: database.url }, ["--keep-credentials"]);
        expect(toPostgres.status, toPostgres.output).toBe(0);
        const onPostgres = await startServer({ DATABASE_URL: database.url });
        let fromPostgres: Buffer;
        try {
          fromPostgres = await downloadBackup(onPostgres);
        } finally {
          await onPostgres.stop();
        }
        const postgresBackup = readArchive(fromPostgres);
        expect(postgresBackup.header.database).toBe("postgresql");
        for (const table of BACKUP_TABLES)
          expect(postgresBackup.tables.get(table), table).toEqual(backup.tables.get(table));

        const back = path.join(work, "back-from-postgres.ndjson.gz");
        writeFileSync(back, fromPostgres);
        const dir = path.join(work, "back-to-pglite");
        const toPglite = restoreWithCli(back, { PGLITE_DIR: dir }, ["--keep-credentials"]);
        expect(toPglite.status, toPglite.output).toBe(0);
        const onPglite = await startServer({ PGLITE_DIR: dir });
        try {
          const roundTrip = readArchive(await downloadBackup(onPglite));
          for (const table of BACKUP_TABLES)
            expect(roundTrip.tables.get(table), table).toEqual(backup.tables.get(table));
        } finally {
          await onPglite.stop();
        }
      } finally {
        await database.drop();
      }
    },
    180_000,
  );

  describe("from the admin page's upload, on a fresh install", () => {
    let fresh: RunningServer;
    beforeAll(async () => {
      fresh = await startServer();
    }, 60_000);
    afterAll(async () => {
      await fresh?.stop();
    });

    const restore = async (body: Uint8Array, type = "application/gzip", server = fresh, query = "") => {
      const response = await fetch(`${server.url}/labs/api/restore${query}`, {
        method: "POST",
        headers: { cookie: await operatorCookie(), "content-type": type, "accept-language": "en" },
        body: new Blob([new Uint8Array(body)]),
      });
      return { status: response.status, data: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const cardsOf = async () => (await call(fresh, "/base-scan/api/cards")).cards as unknown[];

    it("answers every other request while a restore upload stalls: the upload holds a file, not the database", async () => {
      // The backup's header, then a row far longer than every buffer between
      // here and the server, never finished. Once the server has taken all
      // but what those buffers hold, it has read past the header: a restore
      // reading the upload inside its transaction would be in it by then.
      const [header] = gunzipSync(archive).toString("utf8").split("\n");
      const start = `${header}\n{"labs":"table","name":"store","columns":["id","name"]}\n{"id":1,"name":"`;
      const stalled = gzipSync(start + randomBytes(36 * 1024 * 1024).toString("base64"), {
        level: 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      const upload = http.request(`${fresh.url}/labs/api/restore`, {
        method: "POST",
        headers: { cookie: await operatorCookie(), "content-type": "application/gzip" },
      });
      upload.on("error", () => undefined);
      try {
        await new Promise<void>((resolve, reject) =>
          upload.write(stalled, (error) => (error ? reject(error) : resolve())),
        );
        const health = await fetch(`${fresh.url}/labs/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ ok: true, db: "ok" });
      } finally {
        upload.destroy();
      }
    }, 60_000);

    it("refuses what is not a whole Labs backup and changes nothing", async () => {
      const lines = gunzipSync(archive).toString("utf8").split("\n");
      const cut = gzipSync(lines.slice(0, -3).join("\n"));
      const orphan = gzipSync(
        lines.map((line) => line.replace(/^\{"id":(\d+),"store_id":\d+/, '{"id":$1,"store_id":999999')).join("\n"),
      );
      const newer = gzipSync(
        lines.map((line, i) => (i === 0 ? line.replace('"version":1', '"version":99') : line)).join("\n"),
      );
      // A backup from before a migration whose rows are upgraded as they are read (ROW_UPGRADES).
      const olderLines = gunzipSync(archiveBefore(archive, ENUM_COLUMNS, "scan", (row) => row))
        .toString("utf8")
        .split("\n");
      const olderWith = (row: string) =>
        gzipSync(olderLines.map((line) => (line.includes(`"value":"${TYPED_CODE}"`) ? row : line)).join("\n"));
      const cases: [string, Uint8Array, RegExp][] = [
        ["an older backup with a scan row that is not JSON", olderWith('{"id": 1, broken'), /a line that is not JSON/],
        [
          "an older backup with a scan row that is not an object",
          olderWith("[1, 2]"),
          /scan rows could not be restored/,
        ],
        ["cut short", cut, /cut short/],
        ["a card of a store that is not there", orphan, /card rows could not be restored/],
        ["from a newer Labs", newer, /newer than this Labs reads/],
        ["not gzip", new TextEncoder().encode("id,name\n1,x\n"), /not a readable gzip archive/],
        ["gzip of something else", gzipSync("hello\n"), /not a Labs backup/],
        ["half a gzip", archive.subarray(0, archive.length >> 1), /not a readable gzip archive|cut short/],
      ];
      for (const [name, body, message] of cases) {
        const { status, data } = await restore(body);
        expect(status, name).toBe(400);
        expect(data.error.message, name).toMatch(message);
      }
      expect((await restore(archive, "text/plain")).status).toBe(415);
      expect(await cardsOf()).toEqual([]);
    });

    it("restores the backup once, replacing the starter tips, then refuses to restore over it", async () => {
      const { status, data } = await restore(archive);
      expect(status).toBe(200);
      expect(data.rows.card).toBe(2);
      expect(data.rows.tip).toBe(backup.tables.get("tip")!.length);
      expect(data.backup.database).toBe("pglite");
      expect(await cardsOf()).toHaveLength(2);

      // Unasked, the backup's credentials stay out: its key opens nothing here, no phone is paired.
      expect(data.credentials).toBe("left_out");
      expect([data.rows.api_key, data.rows.api_usage, data.rows.paired_device]).toEqual([0, 0, 0]);
      const withKey = await fetch(`${fresh.url}/base-research/api/notes`, {
        headers: { authorization: `Bearer ${filled.key}` },
      });
      expect(withKey.status).toBe(401);
      const operator = { cookie: await operatorCookie() };
      expect((await call(fresh, "/labs/api/keys", { headers: operator })).keys).toEqual([]);
      expect((await call(fresh, "/labs/api/devices", { headers: operator })).devices).toEqual([]);

      const again = await restore(archive);
      expect(again.status).toBe(409);
      expect(again.data.error.message).toMatch(/already holds a household's data/);
    });

    it(
      "restores a backup from before the formats became an enum, a typed-in scan's '' read as no format",
      async () => {
        const older = archiveBefore(archive, ENUM_COLUMNS, "scan", (row) => ({ ...row, format: row.format ?? "" }));
        expect(gunzipSync(older).toString("utf8")).toContain(`"value":"${TYPED_CODE}","format":""`);
        const another = await startServer();
        try {
          const { status, data } = await restore(older, "application/gzip", another);
          expect(status, JSON.stringify(data)).toBe(200);
          expect(data.rows.scan).toBe(backup.tables.get("scan")!.length);
          const { scans } = await call(another, `/base-scan/api/session/${filled.sessionId}`);
          expect(scans).toContainEqual(expect.objectContaining({ value: TYPED_CODE, format: "" }));
          expect(scans).toContainEqual(expect.objectContaining({ value: "5601234567897", format: "ean_13" }));
        } finally {
          await another.stop();
        }
      },
      OWN_SERVER_TIMEOUT_MS,
    );

    it(
      "restores the API keys and paired phones too when asked (keep_credentials=1)",
      async () => {
        const another = await startServer();
        try {
          const { status, data } = await restore(archive, "application/gzip", another, "?keep_credentials=1");
          expect(status).toBe(200);
          expect(data.credentials).toBe("kept");
          expect(data.rows.api_key).toBe(backup.tables.get("api_key")!.length);
          expect(data.rows.paired_device).toBe(backup.tables.get("paired_device")!.length);
          await call(another, "/base-research/api/notes", { headers: { authorization: `Bearer ${filled.key}` } });
        } finally {
          await another.stop();
        }
      },
      OWN_SERVER_TIMEOUT_MS,
    );
  });
});
