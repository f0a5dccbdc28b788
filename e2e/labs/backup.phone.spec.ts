import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { startServer, type RunningServer } from "../../tests/support/server";
import { sealOperatorSession } from "../../tests/support/operator-seal";
import { expect, test } from "../fixtures";

// The operator downloads a backup from the admin page on a phone, and
// restores it on a new install from that install's admin page.
let fresh: RunningServer;
test.beforeAll(async () => {
  fresh = await startServer();
});
test.afterAll(async () => {
  await fresh?.stop();
});

test("a backup downloaded from one install is restored on a new one from its admin page", async ({
  page,
  context,
  login,
  api,
}) => {
  const store = `Loja do backup ${Date.now().toString(36)}`;
  const { data } = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: store });
  await api.post(`/base-scan/api/stores/${data.store_id}/cards`, { card_value: "4006381333931", person_name: "Rui" });

  await login();
  await page.goto("/admin/operator");
  await expect(page.getByTestId("restore-refused")).toContainText("never over a household's data");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download a backup" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^labs-backup-.*\.ndjson\.gz$/);
  const file = await download.path();
  expect(gunzipSync(await readFile(file)).toString("utf8")).toContain(store);

  await context.addCookies([
    { name: "labs_op", value: await sealOperatorSession(), url: fresh.url, httpOnly: true, sameSite: "Lax" },
  ]);
  await page.goto(`${fresh.url}/admin/operator`);
  const restore = page.getByRole("button", { name: "Restore this backup" });
  await restore.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/admin-restore.phone.png" });
  await restore.click();
  await expect(page.getByText("Choose the backup file first")).toBeVisible();

  await page.getByLabel("Backup file").setInputFiles(file);
  await restore.click();
  await expect(page.getByRole("status")).toContainText(/Restored \d+ rows/);
  await page.screenshot({ path: "test-results/screenshots/admin-restored.phone.png" });

  await page.goto(`${fresh.url}/base-scan/`);
  await expect(page.getByText(store).first()).toBeVisible();
  await page.goto(`${fresh.url}/admin/operator`);
  await expect(page.getByTestId("restore-refused")).toBeVisible();
});
