import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { gtinCheckDigit } from "@/lib/scan/check-digit";
import type { RecordScanResponse, SessionDetailResponse } from "@/lib/scan/schemas";
import { api } from "./client";

// POST /base-scan/api/scan with `client_id`: the phone's offline queue may send
// one scan several times (a lost answer, two tabs, a retry racing the first
// try). Each client_id is recorded exactly once, whatever the timing.

function ean13(): string {
  const data = `2${String(randomInt(0, 1e11)).padStart(11, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

const FATURA =
  "A:123456789*B:999999990*C:PT*D:FS*E:N*F:20190812*G:FS CDVF/12345*H:CDF7T5HD-12345*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80";

const scan = (json: Record<string, unknown>, cookie?: string) =>
  api<RecordScanResponse>("/base-scan/api/scan", { method: "POST", json, cookie });

/** A fresh session of its own, so counting its scans counts every row a test made. */
async function openSession(): Promise<{ cookie: string; sid: string }> {
  const { data } = await scan({ value: `opener ${randomUUID()}`, format: "qr_code" });
  return { cookie: `scan_sid=${data.session_id}`, sid: data.session_id };
}

async function scansIn(sid: string, value: string) {
  const { status, data } = await api<SessionDetailResponse>(`/base-scan/api/session/${sid}`);
  expect(status).toBe(200);
  return data.scans.filter((s) => s.value === value);
}

describe("POST /base-scan/api/scan with client_id", () => {
  it("records a new client_id once and answers a resend with the same scan, 200", async () => {
    const { cookie, sid } = await openSession();
    const body = { value: ean13(), format: "ean_13", client_id: randomUUID() };

    const first = await scan(body, cookie);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ ok: true, value: body.value, session_id: sid, replayed: false });

    const again = await scan(body, cookie);
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ ...first.data, replayed: true });
    expect(await scansIn(sid, body.value)).toHaveLength(1);
  });

  it("leaves the caller's session cookie alone on a replay", async () => {
    const body = { value: ean13(), client_id: randomUUID() };
    const first = await scan(body);
    expect(first.headers.get("set-cookie")).toContain(`scan_sid=${first.data.session_id}`);
    const other = await openSession();

    const replay = await scan(body, other.cookie);
    expect(replay.data).toMatchObject({ id: first.data.id, session_id: first.data.session_id, replayed: true });
    expect(replay.headers.get("set-cookie")).toBeNull();
  });

  it.each([
    ["a barcode", () => ({ value: ean13(), format: "ean_13" })],
    ["a fatura with its invoice", () => ({ value: FATURA, format: "qr_code" })],
  ])("keeps one row for %s under 20 concurrent resends", async (_name, content) => {
    const { cookie, sid } = await openSession();
    const body = { ...content(), client_id: randomUUID() };

    const results = await Promise.all(Array.from({ length: 20 }, () => scan(body, cookie)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(results.map((r) => r.data.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.data.replayed)).toHaveLength(1);
    expect(await scansIn(sid, body.value)).toHaveLength(1);

    if (body.value === FATURA) {
      const invoiceIds = new Set(results.map((r) => r.data.invoice?.id));
      expect(invoiceIds.size).toBe(1);
      const { data } = await api<SessionDetailResponse>(`/base-scan/api/session/${sid}`);
      expect(data.invoices.filter((invoice) => invoice.scan_id === [...ids][0])).toHaveLength(1);
      expect(data.totals.invoices).toBe(1);
    }
  });

  it("records concurrent scans with different client_ids separately", async () => {
    const { cookie, sid } = await openSession();
    const value = ean13();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => scan({ value, client_id: randomUUID() }, cookie)),
    );
    expect(new Set(results.map((r) => r.data.id)).size).toBe(10);
    expect(await scansIn(sid, value)).toHaveLength(10);
  });

  it("treats an upper-case spelling of a client_id as the same id", async () => {
    const clientId = randomUUID();
    const value = ean13();
    const first = await scan({ value, client_id: clientId });
    const upper = await scan({ value, client_id: clientId.toUpperCase() });
    expect(upper.status).toBe(200);
    expect(upper.data).toMatchObject({ id: first.data.id, replayed: true });
  });

  it("refuses a client_id already used for another value with 409", async () => {
    const clientId = randomUUID();
    await scan({ value: ean13(), client_id: clientId });
    const { status, data } = await scan({ value: ean13(), client_id: clientId });
    expect(status).toBe(409);
    expect(data).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect(JSON.stringify(data)).toContain(clientId);
  });

  it.each([["not-a-uuid"], [42], ["1b4e28ba-2fa1-41d2-883f-0016d3cca42"], ["' OR 1=1 --"]])(
    "refuses client_id %j with 400 naming the field",
    async (clientId) => {
      const { status, data } = await api("/base-scan/api/scan", {
        method: "POST",
        json: { value: ean13(), client_id: clientId },
      });
      expect(status).toBe(400);
      expect(data).toMatchObject({
        ok: false,
        error: { code: "validation_failed", issues: [{ path: "client_id" }] },
      });
    },
  );

  it("still records every scan sent without a client_id", async () => {
    const { cookie, sid } = await openSession();
    const value = ean13();
    await scan({ value, client_id: null }, cookie);
    await scan({ value }, cookie);
    expect(await scansIn(sid, value)).toHaveLength(2);
  });
});

describe("GET /base-scan/api/products/<code>", () => {
  it("answers a scanned product and 404 for an unknown code", async () => {
    const code = ean13();
    await scan({ value: code, format: "ean_13" });
    const found = await api(`/base-scan/api/products/${code}`);
    expect(found.status).toBe(200);
    expect(found.data).toMatchObject({
      ok: true,
      product: { code, name: "", source: "scan", off_status: null, enriched_at: null },
    });

    const missing = await api(`/base-scan/api/products/${ean13()}`);
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("finds a manual product by its MAN code", async () => {
    const created = await api<{ product: { code: string } }>("/base-scan/api/products/manual", {
      method: "POST",
      json: { name: `Pão ${randomUUID().slice(0, 6)}` },
    });
    const { status, data } = await api(`/base-scan/api/products/${created.data.product.code}`);
    expect(status).toBe(200);
    expect(data).toMatchObject({ product: { code: created.data.product.code, source: "manual" } });
  });

  it("refuses a code longer than 64 characters with 400", async () => {
    const { status, data } = await api(`/base-scan/api/products/${"9".repeat(65)}`);
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });
});
