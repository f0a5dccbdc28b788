import { devices as playwrightDevices } from "@playwright/test";
import { decodeBarcodes } from "../../tests/support/decode-barcode";
import { sealOperatorSession } from "../../tests/support/operator-seal";
import { startServer, type RunningServer } from "../../tests/support/server";
import { expect, test } from "../fixtures";

// LABS_ACCESS=household on a phone: a stranger is sent to the pairing page;
// the operator shows a pairing QR code in the admin page; the phone that
// opens it is paired, sees the wallet, and keeps it offline.
// The phone reaches Labs through a proxy (so it is not "this machine"): its
// requests carry X-Forwarded-For, as a reverse proxy would add.

let household: RunningServer;
test.beforeAll(async () => {
  household = await startServer({ LABS_ACCESS: "household" });
});
test.afterAll(async () => {
  await household?.stop();
});

test("a phone is paired from the operator's QR code and keeps its wallet offline", async ({ browser }) => {
  test.setTimeout(90_000);
  const operator = await browser.newContext();
  await operator.addCookies([
    { name: "labs_op", value: await sealOperatorSession(), url: household.url, httpOnly: true, sameSite: "Lax" },
  ]);
  const admin = await operator.newPage();
  await admin.goto(`${household.url}/admin/operator`);
  const devices = admin.locator("section").filter({ has: admin.getByRole("heading", { name: "Paired devices" }) });
  await expect(devices).toContainText("household mode");
  await devices.getByLabel("Device name").fill("Maria's phone");
  await devices.getByRole("button", { name: "Pair a phone" }).click();
  const link = await devices.getByLabel("Pairing link").inputValue();
  expect(link).toMatch(/\/labs\/pair\?code=[A-Za-z0-9_-]{43}$/);
  // What the phone's camera reads from the screen is that link.
  const qr = devices.getByTestId("pairing-qr");
  expect(await decodeBarcodes(new Uint8Array(await qr.screenshot()), "qr_code")).toEqual([link]);
  await devices.screenshot({ path: "test-results/screenshots/admin-pairing.png" });

  const phone = await browser.newContext({
    ...playwrightDevices["Pixel 7"],
    extraHTTPHeaders: { "x-forwarded-for": "203.0.113.7" },
  });
  const page = await phone.newPage();
  await page.goto(`${household.url}/base-scan/`);
  await expect(page).toHaveURL(/\/labs\/pair$/);
  await expect(page.getByRole("heading", { name: "This Labs is for its household" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/pair-stranger.png" });

  await page.goto(link);
  await expect(page.getByText("Maria's phone")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/pair-confirm.png" });
  await page.getByRole("button", { name: "Pair this phone" }).click();
  await expect(page).toHaveURL(/\/base-scan\/$/);
  await expect(page.getByRole("heading", { name: "Scan wallet", level: 1 })).toBeVisible();

  // The admin page lists the phone with its last use.
  await admin.reload();
  const row = devices.getByRole("listitem").filter({ hasText: "Maria's phone" });
  await expect(row).toContainText("last used");
  await expect(row).not.toContainText("never used");

  // Offline, the paired phone still opens its wallet.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await phone.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Scan wallet", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
  await phone.setOffline(false);

  // Revoked, it is turned away at once.
  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(row).toContainText("revoked");
  const refused = await page.request.get(`${household.url}/base-scan/api/stores`);
  expect(refused.status()).toBe(401);
  await operator.close();
  await phone.close();
});
