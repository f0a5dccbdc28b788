import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { startServer, type RunningServer } from "../../tests/support/server";
import { sealOperatorSession } from "../../tests/support/operator-seal";
import { expect, test } from "../fixtures";

// The operator downloads a backup from the admin page on a phone, and
// restores it on a new install from that install's admin page, which says
// that the backup's API keys and paired phones stay out unless asked for.
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
  // Two installs, a download, an accessibility check and a restore: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const store = `Minipreço backup ${Date.now().toString(36)}`;
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

  // In Portuguese first, as the household reads it: the choice about credentials, and WCAG 2.2 AA.
  await context.addCookies([{ name: "labs_locale", value: "pt-PT", url: fresh.url }]);
  await page.goto(`${fresh.url}/admin/operator`);
  const keepPt = page.getByRole("checkbox", { name: "Repor também as chaves de API e os telemóveis emparelhados" });
  await expect(keepPt).not.toBeChecked();
  await expect(page.getByText(/guarda os hashes das chaves de API/)).toBeVisible();
  await expect(page.locator("main")).not.toContainText("paired phones");
  await page.getByRole("button", { name: "Repor esta cópia" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/pt-admin-restore.phone.png" });
  const audit = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  expect(
    audit.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical"),
  ).toEqual([]);
  await context.clearCookies({ name: "labs_locale" });

  await page.goto(`${fresh.url}/admin/operator`);
  const restore = page.getByRole("button", { name: "Restore this backup" });
  await restore.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/admin-restore.phone.png" });
  await restore.click();
  await expect(page.getByText("Choose the backup file first")).toBeVisible();

  // Left as it is: the keys and phones of the old install stay out.
  await expect(page.getByRole("checkbox", { name: "Also restore the API keys and paired phones" })).not.toBeChecked();
  await page.getByLabel("Backup file").setInputFiles(file);
  await restore.click();
  // The upload is spooled, then every row restored in one transaction: seconds alone, more beside other suites.
  await expect(page.getByRole("status")).toContainText(/Restored \d+ rows/, { timeout: 30_000 });
  await expect(page.getByRole("status")).toContainText("API keys and paired phones were left out");
  await page.screenshot({ path: "test-results/screenshots/admin-restored.phone.png" });

  await page.goto(`${fresh.url}/base-scan/`);
  await expect(page.getByText(store).first()).toBeVisible();
  await page.goto(`${fresh.url}/admin/operator`);
  await expect(page.getByTestId("restore-refused")).toBeVisible();
});
