import { JSON_BODY_LIMIT, PAGE_BODY_LIMIT } from "@/lib/http/body-limits";
import { isLocalRequest } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";

/**
 * Reads at most `limit` bytes of the request body, refusing with 413 as soon
 * as the declared or the streamed size passes it — never buffering more. A
 * body that breaks off (the client gone mid-upload) is the client's failure,
 * a 400 as in the multipart reader, not a bug with a stack in the log.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  let bytes: Uint8Array | null;
  try {
    bytes = await readAtMost(request, limit);
  } catch (error) {
    throw new AppError("bad_json", errorText("request.unreadable"), { cause: error });
  }
  if (bytes === null) throw tooLarge(limit);
  return bytes;
}

/**
 * A request's or a response's body, or null when it is longer than `limit`
 * bytes: refused unread when its content-length says so, else read chunk by
 * chunk and given up (the stream cancelled) as soon as it passes the bound.
 */
export async function readAtMost(message: Request | Response, limit: number): Promise<Uint8Array | null> {
  const declared = Number(message.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    // A response is given up to free its connection. A request's body is
    // left unread: the server discards it after the answer, so the client
    // that is still sending hears its 413 and keeps its connection.
    if (message instanceof Response) await message.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!message.body) return new Uint8Array();

  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The refusal of a body no page takes, from the request's headers alone: 413
 * past PAGE_BODY_LIMIT, 411 when its length is not declared (chunked; a
 * browser always declares a form's). Null for any other request. Outside the
 * JSON APIs, Next reads a body into memory for proxy.ts before anything can
 * refuse it; the server (server/main.ts) refuses such a body
 * unread, and closes the connection so that the rest is never read.
 */
export function pageBodyRefusal(
  contentLength: string | null | undefined,
  transferEncoding: string | null | undefined,
): AppError | null {
  const kib = PAGE_BODY_LIMIT / 1024;
  const headers = { connection: "close" };
  if (contentLength === null || contentLength === undefined) {
    if (!transferEncoding) return null;
    return new AppError("length_required", errorText("request.lengthRequired", { kib }), { headers });
  }
  if (Number(contentLength) <= PAGE_BODY_LIMIT) return null;
  return new AppError("payload_too_large", errorText("request.tooLarge", { kib }), { headers });
}

/** `application/json` or a `+json` type, with or without parameters. */
export function isJsonType(type: string): boolean {
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());
}

function isFormType(type: string): boolean {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type.trim());
}

/**
 * The JSON body as an unknown value. A body must say it is JSON
 * (`application/json`): a page on another site can send text/plain or a form
 * without asking, but a JSON body only after a preflight we never grant. An
 * empty body reads as `{}` whatever it claims, so endpoints without fields
 * accept a bare POST.
 */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  const bytes = await readBodyBytes(request, limit);
  if (bytes.byteLength === 0) return {};
  if (!isJsonType(type) && !isLocalAgent(request)) throw notJson();
  return parseJson(bytes);
}

/**
 * The research agent: a program on this machine (loopback, nothing forwarded,
 * no browser's Origin or Sec-Fetch-Site), which may post JSON with curl's
 * form default. No page on another site can send such a request.
 */
function isLocalAgent(request: Request): boolean {
  if (request.headers.has("origin") || request.headers.has("sec-fetch-site")) return false;
  return isLocalRequest(request) && !request.headers.get("content-type")?.startsWith("multipart/");
}

/**
 * A form post (urlencoded) or a JSON body, as a plain object: what the HTML
 * forms and agents send. Anything else (text/plain, multipart) is 415.
 */
export async function readFormOrJson(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (isJsonType(type)) return readJsonBody(request, limit);
  const bytes = await readBodyBytes(request, limit);
  if (bytes.byteLength === 0) return {};
  if (!isFormType(type)) throw notForm();
  return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
}

function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_json", errorText("request.notUtf8"));
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_json", errorText("request.notJson"));
  }
}

function notJson(): AppError {
  return new AppError("unsupported_media_type", errorText("request.jsonOnly"));
}

function notForm(): AppError {
  return new AppError("unsupported_media_type", errorText("request.formOrJson"));
}

/** The request's body is JSON: its refusals are the JSON envelope, not a page. */
export function sentJson(request: Request): boolean {
  return isJsonType(request.headers.get("content-type") ?? "");
}

function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", errorText("request.tooLarge", { kib: Math.round(limit / 1024) }));
}
