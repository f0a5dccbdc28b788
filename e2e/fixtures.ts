import { test as base, expect, type APIRequestContext, type Page, type Response } from "@playwright/test";
import { sealOperatorSession } from "../tests/support/operator-seal";

type ApiResult<T> = { status: number; data: T };

type Fixtures = {
  /** Logs the browser context in by sealing `labs_op` directly, as the login route would. */
  login: () => Promise<void>;
  /** JSON calls against the app under test. */
  api: {
    get: <T = Record<string, unknown>>(path: string) => Promise<ApiResult<T>>;
    /** `headers` may name a stranger with X-Forwarded-For: the test server trusts a proxy on loopback. */
    post: <T = Record<string, unknown>>(
      path: string,
      body: unknown,
      headers?: Record<string, string>,
    ) => Promise<ApiResult<T>>;
  };
};

async function call<T>(
  request: APIRequestContext,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  const response = await request.fetch(path, { method, data: body, headers, maxRedirects: 0 });
  const data = (await response.json().catch(() => null)) as T;
  return { status: response.status(), data };
}

/**
 * After a page loads, waits until React has hydrated it (components/ui/hydration-mark.tsx):
 * until then its buttons do nothing, and a test that pressed one on a busy
 * machine would wait for a sheet that never opens. Only pages React renders
 * (the login page is plain HTML without a script), and only where the page
 * runs JavaScript at all.
 */
async function untilHydrated(page: Page, response: Response | null) {
  if (!response?.headers()["content-type"]?.startsWith("text/html")) return;
  if ((await page.locator('script[src*="/_next/"]').count()) === 0) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await untilHydrated(page, response);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await untilHydrated(page, response);
        return response;
      };
    }
    await use(page);
  },
  login: async ({ context, baseURL }, use) => {
    await use(async () => {
      const seal = await sealOperatorSession();
      await context.addCookies([{ name: "labs_op", value: seal, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    });
  },
  api: async ({ request }, use) => {
    await use({
      get: (path) => call(request, "GET", path),
      post: (path, body, headers) => call(request, "POST", path, body, headers),
    });
  },
});

export { expect };
