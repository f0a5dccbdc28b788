import { test as base, expect, type APIRequestContext } from "@playwright/test";
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

export const test = base.extend<Fixtures>({
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
