import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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
  // The file button is ours, in the page's language (the browser's own says "Choose File").
  await expect(page.getByText("Nenhum ficheiro escolhido")).toBeVisible();
  await page.getByRole("button", { name: "Repor esta cópia" }).click();
  await expect(page.getByText("Escolha primeiro o ficheiro da cópia")).toBeVisible();
  await expect(page.getByLabel("Ficheiro da cópia de segurança")).toHaveAttribute("aria-invalid", "true");
  await page.getByText("Escolher o ficheiro").scrollIntoViewIfNeeded();
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
  await expect(page.getByText(path.basename(file))).toBeVisible();
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

test("the backups kept on the server are listed on the admin page with their proof, and download", async ({
  page,
  context,
}) => {
  // A server of its own, a backup proven by a restore, a page and a download.
  test.setTimeout(120_000);
  const backups = await mkdtemp(path.join(tmpdir(), "labs-e2e-backups-"));
  const server = await startServer({ BACKUP_DIR: backups });
  try {
    const cookie = await sealOperatorSession();
    const taken = await fetch(`${server.url}/labs/api/backups`, {
      method: "POST",
      headers: { cookie: `labs_op=${cookie}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(taken.status).toBe(201);
    const { backup } = (await taken.json()) as { backup: { name: string } };

    await context.addCookies([
      { name: "labs_op", value: cookie, url: server.url, httpOnly: true, sameSite: "Lax" },
      { name: "labs_locale", value: "pt-PT", url: server.url },
    ]);
    await page.goto(`${server.url}/admin/operator`);
    const kept = page.getByRole("list", { name: "Guardadas neste servidor" });
    await expect(kept.getByRole("listitem")).toHaveCount(1);
    await expect(kept).toContainText("restaura: comprovada");
    await kept.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/pt-admin-kept-backups.phone.png" });
    const [download] = await Promise.all([page.waitForEvent("download"), kept.getByRole("link").click()]);
    expect(download.suggestedFilename()).toBe(backup.name);
    expect(
      JSON.parse(
        gunzipSync(await readFile(await download.path()))
          .toString("utf8")
          .split("\n")[0]!,
      ),
    ).toMatchObject({ labs: "backup" });
  } finally {
    await server.stop();
    await rm(backups, { recursive: true, force: true });
  }
});
