import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "../fixtures";

// The admin page's webhooks on a phone, against a receiver on loopback: add
// one (its secret shown once), send a test that arrives signed with that
// secret, read the delivery, delete the webhook.

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

test("the operator adds a webhook, tests it, reads its delivery and deletes it", async ({ page, login }) => {
  await login();
  await page.goto("/admin/operator#webhooks");
  const card = page.locator("#webhooks");
  const url = `${receiverUrl}/hook-${Date.now().toString(36)}`;

  await card.getByText("Add a webhook").click();
  await card.getByLabel("Address").fill(url);
  await card.getByLabel("What it is for (optional)").fill("Home Assistant");
  await card.getByRole("button", { name: "Add webhook" }).click();
  const secretField = card.getByLabel("Signing secret");
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();

  const row = card.getByRole("listitem").filter({ hasText: url });
  await expect(row).toContainText("Home Assistant");
  await expect(row).toContainText("Working");
  await row.getByRole("button", { name: "Send a test" }).click();
  await expect(row.getByRole("status")).toContainText("Test queued");
  await expect.poll(() => received.filter((each) => each.body.includes("webhook.test")).length).toBe(1);
  const [test] = received.filter((each) => each.body.includes("webhook.test"));
  // The receiver checks the signature with the secret the page showed, as the Standard Webhooks library does.
  const verified = new Webhook(secret).verify(test!.body, {
    "webhook-id": String(test!.headers["webhook-id"]),
    "webhook-timestamp": String(test!.headers["webhook-timestamp"]),
    "webhook-signature": String(test!.headers["webhook-signature"]),
  });
  expect(verified).toMatchObject({ type: "webhook.test" });

  await row.getByText("Latest deliveries").click();
  await expect(row.getByRole("list", { name: "Latest deliveries" })).toContainText("webhook.test delivered");
  await expect(row.getByRole("list", { name: "Latest deliveries" })).toContainText("1 attempt · HTTP 200");

  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths).toEqual([page.viewportSize()!.width, page.viewportSize()!.width]);

  await row.getByRole("button", { name: "Delete" }).click();
  await row.getByRole("button", { name: "Delete it" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: url })).toHaveCount(0);
});

test.describe("in Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("the webhooks and the phones notified read in Portuguese and fit a phone", async ({ page, login }) => {
    await login();
    await page.goto("/admin/operator#webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Telemóveis e tópicos ntfy", level: 2 })).toBeVisible();
    await page.locator("#webhooks").getByText("Adicionar um webhook").click();
    await expect(page.getByRole("checkbox", { name: "price.dropped" })).toBeChecked();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths).toEqual([page.viewportSize()!.width, page.viewportSize()!.width]);
    await page.locator("#webhooks").screenshot({ path: "test-results/screenshots/admin-webhooks.phone.png" });
  });
});
