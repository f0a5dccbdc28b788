import type { APIRequestContext, Page } from "@playwright/test";

/** One state of one page the accessibility and language suites visit. */
export type PageState = {
  /** Short and unique: names the screenshot and the test. */
  name: string;
  /** The app path, without a variant prefix. */
  path: string;
  /** Needs the operator's cookie (admin pages, the operator's views). */
  operator?: boolean;
  /** Cookies the page needs besides the operator's (an account's `labs_account`). */
  cookies?: { name: string; value: string }[];
  /** Brings the page to this state after it loaded: opens a dialog, shows a result. */
  open?: (page: Page) => Promise<void>;
};

export type Api = {
  request: APIRequestContext;
  post: <T = Record<string, unknown>>(path: string, body: unknown) => Promise<T>;
};

/** Posts JSON and fails loudly: seeding that silently fails would make every later check vacuous. */
export function seedApi(request: APIRequestContext): Api {
  return {
    request,
    async post<T>(path: string, body: unknown) {
      const response = await request.post(path, { data: body });
      if (!response.ok()) throw new Error(`seeding ${path}: ${response.status()} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
