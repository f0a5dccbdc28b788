import { devices as playwrightDevices } from "@playwright/test";
import { sealOperatorSession } from "../../tests/support/operator-seal";
import { startServer, type RunningServer } from "../../tests/support/server";
import { signInLinkOf, startMailServer, type MailServer } from "../../tests/support/smtp-server";
import { until } from "../../tests/support/until";
import { expect, test } from "../fixtures";

// Phase 2 end to end (docs/decisions/034-accounts-and-credits.md): someone
// outside the household signs up on a phone, in Portuguese; the link arrives
// by real SMTP; it signs the phone in; the account mints a key; its calls
// spend the trial's credits until 402; the operator moves it to a bigger
// plan in the admin page, and its calls are answered again.

let mail: MailServer;
let labs: RunningServer;
test.beforeAll(async () => {
  mail = await startMailServer();
  labs = await startServer({ SIGNUP: "email", SMTP_URL: mail.url, TRIAL_CREDITS: "3" });
});
test.afterAll(async () => {
  await labs?.stop();
  await mail?.stop();
});

test("sign-up, email, link, key, calls, 402, the operator's upgrade, calls again", async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `rita-${Date.now()}@amigos.example`;
  const phone = await browser.newContext({ ...playwrightDevices["Pixel 7"], locale: "pt-PT" });
  const page = await phone.newPage();

  await page.goto(`${labs.url}/labs/signup`);
  await expect(page.getByRole("heading", { name: "Criar conta", level: 1 })).toBeVisible();
  // A page for outsiders: no bar of the household's areas, no button into its Ask queue.
  await expect(page.getByRole("navigation", { name: "Áreas" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Pedir/ })).toHaveCount(0);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("O seu nome").fill("Rita");
  await page.screenshot({ path: "test-results/screenshots/signup.png", fullPage: true });
  await page.getByRole("button", { name: "Enviem-me uma ligação" }).click();
  await expect(page.getByRole("status")).toContainText(email);

  const [letter] = await until(
    () => mail.mailTo(email),
    (mails) => mails.length > 0,
    `the mail to ${email}`,
  );
  expect(letter!.subject).toBe("A sua ligação para entrar no Labs");
  await page.goto(signInLinkOf(letter!));
  await page.screenshot({ path: "test-results/screenshots/signin-confirm.png" });
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/labs\/account$/);
  await expect(page.getByRole("heading", { name: "A sua conta", level: 1 })).toBeVisible();
  await expect(page.getByText("Créditos restantes")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Áreas" })).toHaveCount(0);

  await page.getByLabel("Nome da chave").fill("agente de preços");
  await page.getByRole("button", { name: "Criar uma chave" }).click();
  const key = await page.getByLabel("Chave", { exact: true }).inputValue();
  expect(key).toMatch(/^labs_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: "test-results/screenshots/account.png", fullPage: true });

  // The trial's three credits: three searches, then 402.
  const search = () =>
    page.request.get(`${labs.url}/base-scan/api/products/search?q=leite`, {
      headers: { authorization: `Bearer ${key}` },
    });
  for (const left of ["2", "1", "0"]) {
    const answer = await search();
    expect(answer.status()).toBe(200);
    expect(answer.headers()["x-credits-remaining"]).toBe(left);
  }
  const broke = await search();
  expect(broke.status()).toBe(402);
  expect(await broke.json()).toMatchObject({ ok: false, error: { code: "credits_exhausted" } });

  // The operator, on a phone in Portuguese too, finds the account in the admin page and moves it to pro.
  const operator = await browser.newContext({ ...playwrightDevices["Pixel 7"], locale: "pt-PT" });
  await operator.addCookies([
    { name: "labs_op", value: await sealOperatorSession(), url: labs.url, httpOnly: true, sameSite: "Lax" },
  ]);
  const admin = await operator.newPage();
  await admin.goto(`${labs.url}/admin/operator`);
  const row = admin.getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("0 créditos");
  await row.getByLabel("Plano").selectOption("pro");
  await expect(row).toContainText("Passou para pro.");
  await expect(row).toContainText(/pro · 100\s000 créditos/);
  await admin
    .locator("section")
    .filter({ has: admin.getByRole("heading", { name: "Contas de fora" }) })
    .screenshot({ path: "test-results/screenshots/admin-accounts.png" });

  const again = await search();
  expect(again.status()).toBe(200);
  expect(again.headers()["x-credits-remaining"]).toBe("99999");

  // The admin page shows the account's calls.
  await admin.reload();
  await row.getByText("Utilização, últimos 30 dias").click();
  await expect(row).toContainText("/base-scan/api/products/search");

  // The account's page shows the new plan and its calls.
  await page.reload();
  await expect(page.getByText("pro", { exact: true })).toBeVisible();
  await expect(page.getByText("/base-scan/api/products/search")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/account-after.png", fullPage: true });
  await operator.close();
  await phone.close();
});
