import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { InvoiceEffect } from "@/lib/scan/fatura-totals";
import { api } from "./client";

// Real Portuguese invoice QR codes (tests/fixtures/faturas/README.md: where
// each comes from) through POST /base-scan/api/scan. Every valid one must give
// the fields written down beside it, read by hand against the AT
// specification; every malformed one must keep a parse error naming the
// field; the session totals must count them as docs/faturas.md says.

type VatLine = { region: string; rate: string; base: string; vat: string };
type Expected = {
  issuer_nif: string;
  buyer_nif: string;
  country: string;
  doc_type: string;
  doc_status: string;
  doc_date: string;
  doc_id: string;
  atcud: string | null;
  vat_lines: VatLine[];
  total_tax: string;
  gross_total: string;
  effect: InvoiceEffect;
};
type Corpus = {
  valid: { id: string; source: string; qr: string; expect: Expected }[];
  malformed: { id: string; source: string; qr: string; errors: string[] }[];
};
type ScanAnswer = {
  ok: true;
  kind: string;
  session_id: string;
  invoice: (Omit<Expected, "effect"> & { parse_error: string | null }) | null;
};
type SessionAnswer = { totals: { invoices: number; parsed_invoices: number; gross_total: string; total_tax: string } };

const corpus = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../fixtures/faturas/corpus.json"), "utf8"),
) as Corpus;

const scan = (value: string, sessionId?: string) =>
  api<ScanAnswer>("/base-scan/api/scan", {
    method: "POST",
    json: { value, format: "qr_code", ...(sessionId ? { session_id: sessionId } : {}) },
  });

const passed = { valid: 0, malformed: 0 };
afterAll(() => {
  console.log(
    `faturas: ${passed.valid}/${corpus.valid.length} valid parsed right, ` +
      `${passed.malformed}/${corpus.malformed.length} malformed named`,
  );
});

describe("real faturas through POST /base-scan/api/scan", () => {
  it.each(corpus.valid.map((item) => [item.id, item] as const))("reads %s", async (_id, item) => {
    const { status, data } = await scan(item.qr);
    expect(status).toBe(200);
    expect(data.kind).toBe("fatura");
    const fields: Partial<Expected> = { ...item.expect };
    delete fields.effect;
    expect(data.invoice).toMatchObject({ ...fields, parse_error: null });
    expect(data.invoice?.vat_lines).toEqual(item.expect.vat_lines);
    passed.valid += 1;
  });

  it.each(corpus.malformed.map((item) => [item.id, item] as const))(
    "keeps %s with an error naming the field",
    async (_id, item) => {
      const { status, data } = await scan(item.qr);
      expect(status).toBe(200);
      expect(data.kind).toBe("fatura");
      const error = data.invoice?.parse_error ?? "";
      expect(error).toMatch(/^fatura: /);
      for (const part of item.errors) expect(error).toContain(part);
      passed.malformed += 1;
    },
  );
});

describe("session totals over the whole corpus", () => {
  it("add sales, subtract credit notes, and leave out cancelled, self-billed, other documents and unreadable codes", async () => {
    let sessionId: string | undefined;
    for (const item of [...corpus.valid, ...corpus.malformed]) {
      const { status, data } = await scan(item.qr, sessionId);
      expect(status).toBe(200);
      sessionId = data.session_id;
    }

    const cents = (text: string) => Math.round(Number(text) * 100);
    const sign = { adds: 1, subtracts: -1, none: 0 } as const;
    let gross = 0;
    let tax = 0;
    for (const { expect: expected } of corpus.valid) {
      gross += sign[expected.effect] * cents(expected.gross_total);
      tax += sign[expected.effect] * cents(expected.total_tax);
    }
    // Each kind of document the corpus must hold for this test to mean something.
    const effects = new Set(corpus.valid.map((item) => item.expect.effect));
    expect([...effects].sort()).toEqual(["adds", "none", "subtracts"]);

    const { status, data } = await api<SessionAnswer>(`/base-scan/api/session/${sessionId}`);
    expect(status).toBe(200);
    expect(data.totals).toMatchObject({
      invoices: corpus.valid.length + corpus.malformed.length,
      parsed_invoices: corpus.valid.length,
      gross_total: (gross / 100).toFixed(2),
      total_tax: (tax / 100).toFixed(2),
    });
  });
});
