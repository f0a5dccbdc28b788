import { writeFileSync } from "node:fs";
import { chromium, devices, type Browser } from "@playwright/test";
import bwipjs from "bwip-js/node";
import { CADDY, caddyIsInstalled, startCaddy, type RunningCaddy } from "../../tests/support/caddy";
import { startServer, type RunningServer } from "../../tests/support/server";
import { expect, test } from "../fixtures";

// Labs on a small machine at home, behind Caddy as docs/https-at-home.md
// sets it up: the wallet on the household's own name (not localhost, which
// browsers treat as secure whatever the scheme) over https with a
// certificate of Caddy's authority, which the phone trusts as a household's
// phone would once its root is installed. There the service worker installs
// and a photo is read; over plain http on the same name neither can happen.

const NAME = "labs.home.arpa";

let labs: RunningServer;
let caddy: RunningCaddy;
let browser: Browser;
test.beforeAll(async ({ launchOptions }) => {
  // A part of the test set-up like Chromium (docs/development.md, "Test it"): missing, the test fails saying so.
  if (!caddyIsInstalled()) throw new Error(`Caddy is not installed at ${CADDY}: apt-get install caddy (.ci/run does)`);
  labs = await startServer({ TRUSTED_PROXIES: "loopback", LABS_HOSTS: NAME });
  caddy = await startCaddy({ name: NAME, upstreamPort: labs.port });
  browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      // The household's DNS: the name is this machine.
      `--host-resolver-rules=MAP ${NAME} 127.0.0.1`,
      // Trusts this certificate as if its authority's root were installed on the phone.
      `--ignore-certificate-errors-spki-list=${caddy.spki}`,
    ],
  });
});
test.afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await labs?.stop();
});

test("the wallet over https at home installs its service worker and reads a photo", async () => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...devices["Pixel 7"], locale: "pt-PT" });
  try {
    const page = await context.newPage();

    // Plain http on the same name: no secure context, so no service worker and no camera.
    await page.goto(`http://${NAME}:${labs.port}/base-scan/`);
    expect(await page.evaluate(() => [window.isSecureContext, "serviceWorker" in navigator])).toEqual([false, false]);

    await page.goto(`${caddy.origin}/base-scan/`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    // What a phone reads to install the app comes over the same origin.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? (await fetch(link.href)).json() : null;
    });
    expect(manifest).toMatchObject({ start_url: expect.stringContaining("/base-scan/") });

    const value = "5601234567892";
    const photo = test.info().outputPath("ean13.png");
    const drawn = {
      bcid: "ean13",
      text: value,
      scale: 3,
      paddingwidth: 12,
      paddingheight: 12,
      backgroundcolor: "FFFFFF",
    };
    writeFileSync(photo, await bwipjs.toBuffer(drawn));
    await page.goto(`${caddy.origin}/base-scan/scan`);
    // Read on the phone, then recorded by Labs through Caddy.
    const recorded = page.waitForResponse((response) => response.url() === `${caddy.origin}/base-scan/api/scan`, {
      timeout: 60_000,
    });
    await page.getByLabel("Escolher uma fotografia de um código de barras").setInputFiles(photo);
    await expect(page.getByTestId("result-value")).toHaveText(value, { timeout: 60_000 });
    expect((await recorded).status()).toBe(200);
    await expect(page.getByText("A enviar…")).toHaveCount(0);
    // The camera is offered, not refused for want of https.
    await expect(page.getByText("A câmara só funciona numa ligação segura")).toHaveCount(0);
    await page.screenshot({ path: "test-results/screenshots/https-scan-photo.png" });
  } finally {
    await context.close();
  }
});
