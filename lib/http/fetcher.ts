import type { ErrorBody, ErrorCode, ErrorIssue } from "@/lib/http/errors";

// Client side: the SWR fetcher and form poster. Errors arrive as FetchError
// carrying the envelope's code and message, ready to show inline.
export class FetchError extends Error {
  readonly status: number;
  readonly code: ErrorCode | "network";
  readonly issues?: ErrorIssue[];

  constructor(status: number, code: FetchError["code"], message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = "FetchError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        accept: "application/json",
        // A FormData body sets its own multipart type, with the boundary.
        ...(typeof init?.body === "string" ? { "content-type": "application/json" } : {}),
        ...init?.headers,
      },
    });
  } catch {
    throw new FetchError(0, "network", "No connection to the server. Check your network and try again.");
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const envelope = data as Partial<ErrorBody> | null;
    throw new FetchError(
      response.status,
      envelope?.error?.code ?? "internal",
      envelope?.error?.message ?? `The server answered ${response.status}.`,
      envelope?.error?.issues,
    );
  }
  return data as T;
}

/** SWR's fetcher: `useSWR(key, fetcher)`. */
export const fetcher = <T>(url: string) => fetchJson<T>(url);

export function postJson<T>(url: string, body: unknown): Promise<T> {
  return fetchJson<T>(url, { method: "POST", body: JSON.stringify(body) });
}

/** A multipart form post (files), answered with JSON. */
export function postForm<T>(url: string, form: FormData): Promise<T> {
  return fetchJson<T>(url, { method: "POST", body: form });
}
