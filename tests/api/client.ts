import { sealData } from "iron-session";
import { inject } from "vitest";
import { TEST_SESSION_SECRET } from "@/tests/support/server";

export const baseUrl = inject("baseUrl");

export type ApiResult<T = Record<string, unknown>> = { status: number; data: T; headers: Headers; text: string };

/** One HTTP call to the test server; `data` is the parsed JSON body when there is one. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: RequestInit & { json?: unknown; cookie?: string } = {},
): Promise<ApiResult<T>> {
  const { json, cookie, headers, ...rest } = init;
  const response = await fetch(`${baseUrl}${path}`, {
    redirect: "manual",
    ...rest,
    headers: {
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  return { status: response.status, data: data as T, headers: response.headers, text };
}

/** A valid `labs_op` cookie header, sealed directly like the login route would. */
export async function operatorCookie(): Promise<string> {
  const seal = await sealData({ operator: true, since: new Date().toISOString() }, { password: TEST_SESSION_SECRET });
  return `labs_op=${seal}`;
}
