import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { sealOperatorSession } from "../tests/support/operator-seal";

type ApiResult<T> = { status: number; data: T };

type Fixtures = {
  /** Logs the browser context in by sealing `labs_op` directly, as the login route would. */
  login: () => Promise<void>;
  /** JSON calls against the app under test. */
  api: {
    get: <T = Record<string, unknown>>(path: string) => Promise<ApiResult<T>>;
    post: <T = Record<string, unknown>>(path: string, body: unknown) => Promise<ApiResult<T>>;
  };
};

async function call<T>(request: APIRequestContext, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await request.fetch(path, { method, data: body, maxRedirects: 0 });
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
      post: (path, body) => call(request, "POST", path, body),
    });
  },
});

export { expect };
