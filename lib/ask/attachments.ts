import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { isImageType } from "@/lib/files/sniff-attachment";

/**
 * An attachment's bytes for the operator (docs/contract.md, "Ask"): its stored (sniffed)
 * type, nosniff, and a download rather than inline display for anything that
 * is not an image. The sandbox CSP keeps even a crafted file from running
 * script on our origin.
 */
export async function attachmentResponse({ id }: { id: number }): Promise<Response> {
  // The bytes come back as base64 text: PGlite decodes a binary column in
  // JavaScript byte by byte, ten times slower (see lib/ask/log-todo.ts).
  const [row] = await db().$queryRaw<{ filename: string; content_type: string; data: string }[]>`
    SELECT filename, content_type, encode(data, 'base64') AS data FROM attachment WHERE id = ${id}`;
  if (!row) throw new AppError("not_found", errorText("ask.attachmentNotFound", { id }));
  const attachment = { filename: row.filename, contentType: row.content_type, data: Buffer.from(row.data, "base64") };
  const disposition = isImageType(attachment.contentType) ? "inline" : "attachment";
  const asciiName = attachment.filename.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return new Response(attachment.data, {
    headers: {
      "content-type": attachment.contentType,
      "content-length": String(attachment.data.byteLength),
      "x-content-type-options": "nosniff",
      "content-disposition": `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, max-age=3600",
    },
  });
}
