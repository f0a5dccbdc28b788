import type { ErrorBody, ErrorCode, ErrorIssue } from "@/lib/http/errors";

// The one way the browser calls the JSON API, and the one error it sees.
// Every request (SWR reads, buttons, react-hook-form via useSendForm) goes
// through `api()`; every failure arrives as a FetchError carrying the error
// envelope's code, message and issues (lib/http/errors.ts), or code "network"
// when the server could not be reached. See docs/architecture.md, "Forms".

export class FetchError extends Error {
  readonly status: number;
  readonly code: ErrorCode | "network";
  readonly issues?: ErrorIssue[];
  /** False when the answer carried no envelope (a proxy's page, an empty body): the message is ours, in English. */
  readonly enveloped: boolean;

  constructor(
    status: number,
    code: FetchError["code"],
    message: string,
    issues?: ErrorIssue[],
    { enveloped = true }: { enveloped?: boolean } = {},
  ) {
    super(message);
    this.name = "FetchError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.enveloped = enveloped;
  }
}

export type ApiOptions = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Sent as JSON, with its content type. */
  json?: unknown;
  /** Sent as multipart; the browser sets the type, with its boundary. */
  form?: FormData;
  /** Raw bytes (a photo), sent as they are; name their type in `headers`. */
  blob?: Blob;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Told how much of the body has gone (0–100), then `"sent"` once all of it
   * has and the server is at work. Only XMLHttpRequest reports an upload's
   * progress, so a request that asks for it is sent with one.
   */
  onUpload?: (progress: number | "sent") => void;
};

const NO_CONNECTION = "No connection to the server. Check your network and try again.";

export async function api<T>(url: string, options: ApiOptions = {}): Promise<T> {
  const { method, json, form, blob, signal, onUpload } = options;
  const body = json !== undefined ? JSON.stringify(json) : (form ?? blob);
  const headers = {
    accept: "application/json",
    ...(json !== undefined ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  if (onUpload) return answer<T>(await sendWithProgress(url, { method, body, headers, onUpload }));
  let response: Response;
  try {
    response = await fetch(url, { method, body, signal, headers });
  } catch (error) {
    // A request its caller called off is not a lost connection (its AbortError
    // goes on); one that ran out of time (AbortSignal.timeout) is.
    const reason: unknown = signal?.reason;
    if (signal?.aborted && !(reason instanceof DOMException && reason.name === "TimeoutError")) throw error;
    throw new FetchError(0, "network", NO_CONNECTION);
  }
  return answer<T>({ status: response.status, data: (await response.json().catch(() => null)) as unknown });
}

/** The body on success; else the FetchError its envelope (or its absence) makes. */
function answer<T>({ status, data }: { status: number; data: unknown }): T {
  if (status < 200 || status > 299) {
    const error = (data as Partial<ErrorBody> | null)?.error;
    if (!error)
      throw new FetchError(status, "internal", `The server answered ${status}.`, undefined, { enveloped: false });
    throw new FetchError(status, error.code, error.message, error.issues);
  }
  return data as T;
}

/** SWR's fetcher: `useSWR(key, fetcher)`. */
export const fetcher = <T>(url: string) => api<T>(url);

function sendWithProgress(
  url: string,
  {
    method = "POST",
    body,
    headers,
    onUpload,
  }: {
    method?: string;
    body?: BodyInit;
    headers: Record<string, string>;
    onUpload: (progress: number | "sent") => void;
  },
): Promise<{ status: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (sent) => {
      if (sent.lengthComputable) onUpload(Math.round((sent.loaded / sent.total) * 100));
    };
    request.upload.onload = () => onUpload("sent");
    request.onerror = () => reject(new FetchError(0, "network", NO_CONNECTION));
    request.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        // No JSON: `answer` says what the status was.
      }
      resolve({ status: request.status, data });
    };
    request.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
