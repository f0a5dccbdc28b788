import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { expect, test } from "../fixtures";

// The admin page on a phone: mint a key (shown once, copyable), see it used
// in the usage log, revoke it after confirming; screenshots to look at.
test("the operator mints, uses and revokes a key on a phone", async ({ page, login, baseURL }) => {
  await login();
  await page.goto("/admin/operator");
  await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();

  const name = `phone agent ${Date.now().toString(36)}`;
  // The keys card's own form: the accounts card below has plans of its own.
  const keys = page.locator("section").filter({ has: page.getByRole("heading", { name: "API keys", level: 2 }) });
  await keys.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await keys.getByLabel("Plan").selectOption("pro");
  await page.getByRole("checkbox", { name: "research" }).uncheck();
  await page.getByRole("checkbox", { name: "scan" }).check();
  await page.getByRole("button", { name: "Mint key" }).click();
  const secret = page.getByLabel("New API key");
  await expect(secret).toHaveValue(/^labs_[A-Za-z0-9_-]{43}$/);
  const key = await secret.inputValue();
  const row = page.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("pro");
  await expect(row).toContainText("ask, scan");
  await expect(row).toContainText("never");

  // The agent uses it; its request shows in the usage log, filtered by key.
  const used = await fetch(`${baseURL}/api/core-ask/pending`, { headers: { authorization: `Bearer ${key}` } });
  expect(used.status).toBe(200);
  const outOfScope = await fetch(`${baseURL}/base-research/api/state`, { headers: { authorization: `Bearer ${key}` } });
  expect(outOfScope.status).toBe(403);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("table", { name: "Usage log" })).toContainText(name, { timeout: 1000 });
  }).toPass();
  await page.getByLabel("Key", { exact: true }).selectOption({ label: name });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\?key=\d+$/);
  const log = page.getByRole("table", { name: "Usage log" });
  await expect(log.getByRole("row")).toHaveCount(3);
  await expect(log).toContainText("GET /api/core-ask/pending");
  await expect(log).toContainText("200");
  await expect(log).toContainText("403");

  // A phone widens its layout viewport to fit content that sticks out: compare with the device width.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths).toEqual([page.viewportSize()!.width, page.viewportSize()!.width]);
  await page.screenshot({ path: "test-results/screenshots/admin-keys.png", fullPage: true });

  const keyRow = page.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: name });
  await keyRow.getByRole("button", { name: "Revoke" }).click();
  await expect(keyRow).toContainText(`Revoke “${name}”?`);
  await keyRow.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(keyRow).toContainText("revoked");
  const refused = await fetch(`${baseURL}/api/core-ask/pending`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
});

test("the operator pastes the MCP configuration shown for a new key into a client, which connects", async ({
  page,
  login,
  baseURL,
}) => {
  await login();
  await page.goto("/admin/operator");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`mcp agent ${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Mint key" }).click();
  const key = await page.getByLabel("New API key").inputValue();
  await page.getByText("Connect an agent (MCP)").first().click();
  await expect(page.locator("#mcp-minted-url")).toHaveValue(`${baseURL}/api/mcp`);
  await expect(page.locator("#mcp-minted-command")).toHaveValue(
    `claude mcp add --transport http labs ${baseURL}/api/mcp --header "Authorization: Bearer ${key}"`,
  );
  await page.screenshot({ path: "test-results/screenshots/admin-mcp.png", fullPage: true });

  // The JSON file as shown, given to the official client.
  const config = JSON.parse(await page.locator("#mcp-minted-json").inputValue()) as {
    mcpServers: { labs: { type: string; url: string; headers: Record<string, string> } };
  };
  const { url, headers } = config.mcpServers.labs;
  const client = new Client({ name: "pasted", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain("list_pending");
  await client.close();

  // Its calls show in the usage log like any keyed request.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("table", { name: "Usage log" })).toContainText("POST /api/mcp", { timeout: 1000 });
  }).toPass();
});

test("the operator reaches the queue and adds and removes a tip on a phone", async ({ page, login }) => {
  await login();
  await page.goto("/admin/operator");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Ask queue and tips" }) });
  await expect(card.getByTestId("ask-counts")).toContainText("Pending asks");
  await expect(card.getByRole("link", { name: "Manage the queue" })).toHaveAttribute("href", "/base-ask/queue");

  await card.getByText("Tips in the ticker: add and remove").click();
  const tip = `Long-press a card to copy its number ${Date.now().toString(36)}`;
  const tips = card.getByTestId("tips-manager");
  await tips.getByLabel("New tip").fill(tip);
  await tips.getByRole("button", { name: "Add tip" }).click();
  await expect(tips).toContainText("Tip added.");
  await expect(tips.getByRole("listitem").filter({ hasText: tip })).toBeVisible();
  const listed = async () =>
    ((await (await page.request.get("/api/core-ask/tips")).json()) as { tips: { text: string }[] }).tips.map(
      (t) => t.text,
    );
  expect(await listed()).toContain(tip);
  await card.screenshot({ path: "test-results/screenshots/admin-tips.png" });

  await tips.getByRole("button", { name: `Remove tip: ${tip}` }).click();
  await expect(tips).toContainText("Tip removed.");
  await expect(tips.getByRole("listitem").filter({ hasText: tip })).toHaveCount(0);
  expect(await listed()).not.toContain(tip);
});

test("the operator adds a plan and edits it, each refusal beside its field", async ({ page, login }) => {
  await login();
  await page.goto("/admin/operator");
  await page
    .locator("summary")
    .filter({ hasText: /^Plans$/ })
    .first()
    .click();
  await page.getByText("Add a plan").click();
  const added = page.locator("form").filter({ has: page.locator("#plan-new-name") });

  // Checked with the route's own rules before anything is sent.
  const name = added.getByLabel("Name");
  await name.fill("Família");
  const perMinute = added.getByLabel("Requests a minute");
  await perMinute.fill("sessenta");
  await added.getByRole("button", { name: "Add plan" }).click();
  await expect(name).toHaveAccessibleDescription("must be a plan's name: lower-case letters, digits, - and _");
  await expect(perMinute).toHaveAccessibleDescription("must be a whole number");

  const plan = `family-${Date.now().toString(36)}`;
  await name.fill(plan);
  await perMinute.fill("90");
  await added.getByLabel("Credits a month").fill("500");
  await added.getByLabel("Price label").fill("3 € a month");
  await added.getByRole("checkbox", { name: "research:read" }).check();
  await added.getByRole("button", { name: "Add plan" }).click();
  await expect(added.getByRole("status")).toHaveText(`Plan ${plan} saved.`);
  const plans = async () =>
    ((await (await page.request.get("/labs/api/plans")).json()) as { plans: { name: string }[] }).plans;
  expect((await plans()).find((each) => each.name === plan)).toEqual({
    name: plan,
    requests_per_minute: 90,
    credits_per_month: 500,
    scopes: ["research:read"],
    price_label: "3 € a month",
  });

  // Listed with the others now, and edited in place.
  const listed = page.locator("form").filter({ has: page.locator(`#plan-${plan}-rpm`) });
  await listed.getByLabel("Credits a month").fill("0");
  await listed.getByRole("checkbox", { name: "products:read" }).check();
  await listed.getByRole("button", { name: "Save" }).click();
  await expect(listed.getByRole("status")).toHaveText(`Plan ${plan} saved.`);
  expect((await plans()).find((each) => each.name === plan)).toMatchObject({
    credits_per_month: 0,
    scopes: ["research:read", "products:read"],
  });
});

test("the API reference fits a phone", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "/labs/api/keys" }).first()).toBeVisible();
  // A phone widens its layout viewport to fit content that sticks out: compare with the device width.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths).toEqual([page.viewportSize()!.width, page.viewportSize()!.width]);
  await page.screenshot({ path: "test-results/screenshots/api-docs.png" });

  // One operation in full: its auth, body fields and answer fields.
  await page.getByRole("link", { name: "/labs/api/keys" }).nth(1).click();
  const mint = page.locator("#postLabsApiKeys");
  await expect(mint).toContainText("operator");
  await expect(mint).toContainText("Mint an API key");
  await expect(mint.getByText("JSON body")).toBeVisible();
  // Plans are rows the operator edits: the reference names the field and its default, not a fixed list.
  await expect(mint).toContainText('plan? string (default "free")');
  await expect(mint.getByText("201 answer")).toBeVisible();
  await mint.screenshot({ path: "test-results/screenshots/api-docs-operation.png" });
});

test("the preview bar fits a phone", async ({ page }) => {
  await page.goto("/c/base-scan/?lnw-dev");
  const bar = page.getByRole("region", { name: "Preview" });
  await expect(bar).toBeVisible();
  await expect(bar.getByLabel("UI variant")).toHaveValue("c");
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths).toEqual([page.viewportSize()!.width, page.viewportSize()!.width]);
  await page.screenshot({ path: "test-results/screenshots/preview-bar.png" });
});

test("the bottom bar keeps all five areas on screen in every variant", async ({ page }) => {
  for (const prefix of ["", "/b", "/c", "/d"]) {
    await page.goto(`${prefix}/base-scan/`);
    const links = page.getByRole("navigation", { name: "Areas" }).getByRole("link");
    await expect(links).toHaveCount(5);
    for (const box of await links.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
  }
});
