import { AppError } from "@/lib/http/errors";

export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * Reads at most `limit` bytes of the request body, refusing with 413 as soon
 * as the declared or the streamed size passes it — never buffering more.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
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
 * The JSON body as an unknown value, whatever the Content-Type says (agents
 * often post JSON with curl's form default); multipart is refused with 415.
 * An empty body reads as `{}` so endpoints without fields accept a bare POST.
 */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", "This endpoint takes a JSON body (application/json).");
  }
  const bytes = await readBodyBytes(request, limit);
  if (bytes.byteLength === 0) return {};
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_json", "The body is not valid UTF-8.");
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_json", "The body is not valid JSON.");
  }
}

/** A form post (urlencoded) or a JSON body, as a plain object of strings/values. */
export async function readFormOrJson(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return readJsonBody(request, limit);
  const bytes = await readBodyBytes(request, limit);
  const text = new TextDecoder().decode(bytes);
  return Object.fromEntries(new URLSearchParams(text));
}

/** The request's body is JSON: its refusals are the JSON envelope, not a page. */
export function sentJson(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").includes("json");
}

function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `The body is larger than ${Math.round(limit / 1024)} KiB.`);
}
