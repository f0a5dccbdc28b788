import { readFileSync } from "node:fs";
import path from "node:path";
import type { RecordScanResponse } from "../../lib/scan/schemas";
import { expect, test } from "../fixtures";

// Real faturas (tests/fixtures/faturas) in one session: the page shows what
// each does to the total (docs/faturas.md) and the total itself.

type Corpus = {
  valid: { id: string; qr: string }[];
  malformed: { id: string; qr: string }[];
};
const corpus = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/faturas/corpus.json"), "utf8"),
) as Corpus;
const qr = (id: string) => [...corpus.valid, ...corpus.malformed].find((item) => item.id === id)!.qr;

test("a session's faturas show a credit note taken off, cancelled and other documents left out", async ({
  page,
  api,
}) => {
  // 15.06 + 5.61 − 123.00: a sale, another sale, a credit note; the rest count nothing.
  const ids = [
    "invoice-conv-invoice-receipt",
    "invoice-conv-simplified-with-exempt",
    "odoo-credit-note",
    "derived-cancelled-simplified-invoice",
    "derived-self-billed-invoice",
    "at-example-4-transport-document",
    "xplendor-damaged",
  ];
  let sid: string | undefined;
  for (const id of ids) {
    const { status, data } = await api.post<RecordScanResponse>("/base-scan/api/scan", {
      value: qr(id),
      ...(sid ? { session_id: sid } : {}),
    });
    expect(status).toBe(200);
    sid = data.session_id;
  }

  await page.goto(`/base-scan/session?sid=${encodeURIComponent(sid!)}`);
  const scans = page.getByTestId("session-scan");
  await expect(scans).toHaveCount(ids.length);
  await expect(page.getByText("Gross total").locator("..")).toContainText(/[-−]€102\.33/);
  await expect(scans.filter({ hasText: "NC TODO" })).toContainText(/[-−]€123\.00/);
  await expect(scans.filter({ hasText: "Cancelled" })).toHaveCount(1);
  await expect(scans.filter({ hasText: "Self-billed" })).toHaveCount(1);
  await expect(scans.filter({ hasText: "Not a sale" })).toHaveCount(1);
  await expect(scans.filter({ hasText: "Unreadable invoice" })).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/scan-session-faturas.png", fullPage: true });
});
