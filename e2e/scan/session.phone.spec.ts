import { randomInt } from "node:crypto";
import { gtinCheckDigit } from "../../lib/scan/check-digit";
import type { RecordScanResponse } from "../../lib/scan/schemas";
import { expect, test } from "../fixtures";

// A session with more scans than its page shows: the latest 200 with the
// whole count, and plain links to the older ones (no JavaScript needed).

function ean13(): string {
  const data = `2${String(randomInt(0, 1e11)).padStart(11, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

test.use({ javaScriptEnabled: false });
// The test records 201 scans first.
test.slow();

test("a long session shows its latest 200 scans with the count, and links to the older ones", async ({ page, api }) => {
  const first = await api.post<RecordScanResponse>("/base-scan/api/scan", { value: ean13() });
  expect(first.status).toBe(200);
  const sid = first.data.session_id;
  const recorded = [first.data];
  for (let start = 1; start < 201; start += 8) {
    const batch = Array.from({ length: Math.min(8, 201 - start) }, () => ean13());
    const answers = await Promise.all(
      batch.map((value) => api.post<RecordScanResponse>("/base-scan/api/scan", { value, session_id: sid })),
    );
    expect(answers.map((answer) => answer.data.session_id)).toEqual(batch.map(() => sid));
    recorded.push(...answers.map((answer) => answer.data));
  }

  // Newest first on the page; a batch's scans are recorded in any order, so ids decide.
  const byAge = recorded.sort((a, b) => a.id - b.id);
  const scans = page.getByTestId("session-scan");
  await page.goto(`/base-scan/session?sid=${encodeURIComponent(sid)}`);
  await expect(page.getByTestId("session-scans-shown")).toHaveText("The latest 200 of 201 scans");
  await expect(scans).toHaveCount(200);
  await page.screenshot({ path: "test-results/screenshots/scan-session-long.png" });

  await page.getByRole("link", { name: /Older scans/ }).click();
  await expect(page.getByTestId("session-scans-shown")).toHaveText("1 older scan of 201");
  await expect(scans).toHaveCount(1);
  // The oldest: the scan that opened the session.
  await expect(scans.getByTestId("session-scan-value")).toHaveText(byAge[0]!.value);
  await expect(page.getByRole("link", { name: /Older scans/ })).toHaveCount(0);
  await page.screenshot({ path: "test-results/screenshots/scan-session-older.png", fullPage: true });

  await page.getByRole("link", { name: /Latest scans/ }).click();
  await expect(scans).toHaveCount(200);
  await expect(scans.first().getByTestId("session-scan-value")).toHaveText(byAge.at(-1)!.value);
});
