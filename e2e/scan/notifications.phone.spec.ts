import type { BrowserContext, Page } from "@playwright/test";
import { startPushService, type PushService, type ServiceSubscription } from "../../tests/support/push-service";
import { expect, test } from "../fixtures";
import { unique } from "./helpers";

// The notifications page on a phone, with a real push service: web-push-testing
// on loopback stands in for the one a browser is given (headless Chromium
// reaches none), so the page's subscription is one that service made, Labs
// encrypts and signs to it, and the test reads back what arrived. That
// payload is then handed to the Scan service worker as a push through the
// DevTools protocol, and the notification it shows is checked.

let push: PushService;

test.beforeAll(async () => {
  push = await startPushService();
});

test.afterAll(async () => {
  await push?.stop();
});

/** PushManager.subscribe answered by web-push-testing, as the browser's own push service would answer. */
async function standInPushService(page: Page): Promise<{ subscription: () => ServiceSubscription | null }> {
  let made: ServiceSubscription | null = null;
  await page.exposeFunction("labsSubscribeAtPushService", async (key: string) => {
    made = await push.subscribe(key);
    return made;
  });
  await page.addInitScript(() => {
    const stored = () => {
      const value = localStorage.getItem("test.push-subscription");
      if (!value) return null;
      const made = JSON.parse(value) as { endpoint: string; keys: Record<string, string> };
      return {
        endpoint: made.endpoint,
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        unsubscribe: async () => {
          localStorage.removeItem("test.push-subscription");
          return true;
        },
      };
    };
    PushManager.prototype.getSubscription = async () => stored() as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey;
      if (typeof key !== "string") throw new Error("the page must pass the VAPID key as base64url");
      const made = await (
        window as unknown as { labsSubscribeAtPushService: (key: string) => Promise<unknown> }
      ).labsSubscribeAtPushService(key);
      localStorage.setItem("test.push-subscription", JSON.stringify(made));
      return stored() as unknown as PushSubscription;
    };
  });
  return { subscription: () => made };
}

/**
 * Hands `data` to the page's service worker as a push message, as the browser
 * does when one arrives, and waits until the worker has finished showing what
 * it shows. Reading getNotifications() while showNotification() is still on
 * its way loses the notification: Chromium drops from its list one that was
 * written before the read began but not yet on screen, and never lists it
 * again. So the worker's showNotification is watched (Playwright reaches
 * service workers, and keeps the one it is attached to running), and only a
 * settled call is read back.
 */
async function deliverToServiceWorker(context: BrowserContext, page: Page, data: string) {
  const worker =
    context.serviceWorkers().find((each) => each.url().endsWith("/base-scan/sw.js")) ??
    (await context.waitForEvent("serviceworker", (each) => each.url().endsWith("/base-scan/sw.js")));
  await worker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; labsShowing: Promise<void>[] };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.labsShowing = [];
    scope.registration.showNotification = (...args) => {
      const showing = show(...args);
      scope.labsShowing.push(showing);
      return showing;
    };
  });

  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((each) => each.scopeURL.endsWith("/base-scan/"))).toBeTruthy();
  const registration = registrations.find((each) => each.scopeURL.endsWith("/base-scan/"))!;
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(page.url()).origin,
    registrationId: registration.registrationId,
    data,
  });

  const showing = () => worker.evaluate(() => (self as unknown as { labsShowing: unknown[] }).labsShowing.length);
  await expect.poll(showing).toBe(1);
  await worker.evaluate(() => Promise.all((self as unknown as { labsShowing: Promise<void>[] }).labsShowing));
}

test("a phone turns on notifications, is pushed a new request, and its service worker shows it", async ({
  page,
  context,
  api,
}) => {
  await context.grantPermissions(["notifications"]);
  const stand = await standInPushService(page);
  await page.goto("/base-scan/notifications");
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByText("Notifications are off on this phone.")).toBeVisible();

  await page.getByRole("checkbox", { name: "New requests" }).check();
  await page.getByLabel("Whose phone is this?").fill(unique("Rita"));
  await page.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(page.getByText("Notifications are on for this phone.")).toBeVisible();
  const subscription = stand.subscription();
  expect(subscription).not.toBeNull();

  const todo = await api.post<{ id: number }>("/api/core-ask/log", { text: "Trocar a lâmpada da cozinha" });
  expect(todo.status).toBe(200);
  await expect.poll(() => push.messages(subscription!.clientHash), { timeout: 15_000 }).toHaveLength(1);
  const [arrived] = await push.messages(subscription!.clientHash);
  expect(JSON.parse(arrived!)).toMatchObject({
    title: "New request",
    body: "Trocar a lâmpada da cozinha",
    url: `/base-ask/queue/${todo.data.id}`,
  });

  await deliverToServiceWorker(context, page, arrived!);
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/base-scan/");
      const notifications = (await registration?.getNotifications()) ?? [];
      return notifications.map((each) => ({
        title: each.title,
        body: each.body,
        url: (each.data as { url: string }).url,
      }));
    });
  await expect
    .poll(shown)
    .toEqual([{ title: "New request", body: "Trocar a lâmpada da cozinha", url: `/base-ask/queue/${todo.data.id}` }]);

  // A test goes at once, past the batch window the first push opened.
  await page.getByRole("button", { name: "Send a test" }).click();
  await expect(page.getByText("Sent: it should appear in a moment.")).toBeVisible();
  await expect.poll(() => push.messages(subscription!.clientHash)).toHaveLength(2);

  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Notifications are off on this phone.")).toBeVisible();
});

test("an ntfy topic with a wrong server is refused beside the field, and what was typed stays", async ({ page }) => {
  await page.goto("/base-scan/notifications");
  // The form's own default, which the page's JavaScript puts there: typing before it would be overwritten.
  await expect(page.getByLabel("Server")).toHaveValue("https://ntfy.sh");
  await page.getByLabel("Server").fill("ftp://ntfy.example.com");
  await page.getByLabel("Topic", { exact: true }).fill("family_alerts");
  await page.getByRole("button", { name: "Add topic" }).click();
  await expect(page.getByText("must be an https:// address")).toBeVisible();
  await expect(page.getByLabel("Topic", { exact: true })).toHaveValue("family_alerts");
});

test.describe("in Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("the notifications page fits a phone and speaks Portuguese", async ({ page }) => {
    await page.goto("/base-scan/notifications");
    await expect(page.getByRole("heading", { name: "Notificações", level: 1 })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Preços que descem" })).toBeChecked();
    await expect(page.getByText("Diga de quem é este telemóvel para ter horas de silêncio suas.")).toBeVisible();
    await expect(page.getByText("As notificações estão desligadas neste telemóvel.")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/screenshots/scan-notifications.phone.png", fullPage: true });
  });
});
