import { Readable, Transform } from "node:stream";
import busboy from "busboy";
import { AppError } from "@/lib/http/errors";
import { readFormOrJson } from "@/lib/http/read-body";
import type { UploadedFile } from "@/lib/ask/log-todo";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, LOG_REQUEST_MAX_BYTES } from "@/lib/ask/schemas";
import { cleanFilename, sniffAttachmentType } from "@/lib/ask/sniff-attachment";

// POST log takes JSON, a url-encoded form, or multipart/form-data with files
// under the repeatable field `attachments` (DESIGN §4). Multipart is streamed
// through busboy and refused with 413 the moment a limit is passed (DESIGN §3:
// 5 MiB a file, 5 files, 15 MiB a request), never buffered whole first.

/** Room for the multipart framing and the text fields around 15 MiB of files. */
const MULTIPART_OVERHEAD = 256 * 1024;
const MIB = 1024 * 1024;

export type LogRequest = { fields: unknown; files: UploadedFile[] };

export async function readLogRequest(request: Request): Promise<LogRequest> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return { fields: await readFormOrJson(request), files: [] };
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > LOG_REQUEST_MAX_BYTES + MULTIPART_OVERHEAD) throw requestTooLarge();
  if (!request.body) return { fields: {}, files: [] };
  return readMultipart(request.body, contentType);
}

function requestTooLarge(): AppError {
  return new AppError(
    "payload_too_large",
    `A request may carry at most ${LOG_REQUEST_MAX_BYTES / MIB} MiB of attachments.`,
  );
}

function readMultipart(body: ReadableStream<Uint8Array>, contentType: string): Promise<LogRequest> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let fileBytes = 0;
    let settled = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        // Browsers send a file's name as raw UTF-8 (talão.png), not latin1, busboy's default.
        defParamCharset: "utf8",
        limits: {
          // busboy reports `limit` on reaching fileSize: one byte more means "larger than 5 MiB".
          fileSize: ATTACHMENT_MAX_BYTES + 1,
          files: ATTACHMENT_MAX_FILES,
          fields: 20,
          fieldSize: 64 * 1024,
          parts: 30,
        },
      });
    } catch {
      reject(new AppError("bad_json", "The multipart body has no valid boundary."));
      return;
    }

    const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.byteLength;
        if (received > LOG_REQUEST_MAX_BYTES + MULTIPART_OVERHEAD) callback(requestTooLarge());
        else callback(null, chunk);
      },
    });

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      // Stop reading: the rest of the body is never buffered.
      source.unpipe(counter);
      counter.unpipe(parser);
      source.destroy();
      reject(error);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated)
        return fail(new AppError("payload_too_large", `The field ${name} is larger than 64 KiB.`));
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      const filename = cleanFilename(info.filename);
      if (name !== "attachments") {
        stream.resume();
        return fail(
          new AppError("validation_failed", `${name}: send files under the field name attachments.`, {
            issues: [{ path: name, message: "send files under the field name attachments" }],
          }),
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        fileBytes += chunk.byteLength;
        if (fileBytes > LOG_REQUEST_MAX_BYTES) return fail(requestTooLarge());
        chunks.push(chunk);
      });
      stream.on("limit", () =>
        fail(
          new AppError(
            "payload_too_large",
            `The attachment ${filename} is larger than ${ATTACHMENT_MAX_BYTES / MIB} MiB.`,
          ),
        ),
      );
      stream.on("end", () => {
        if (settled) return;
        // A file input left empty still sends a part with no name and no bytes.
        if (size === 0 && !info.filename) return;
        const data = new Uint8Array(Buffer.concat(chunks));
        const sniffed = sniffAttachmentType(data);
        if (!sniffed) {
          return fail(
            new AppError(
              "unsupported_media_type",
              `The attachment ${filename} is not an image (PNG, JPEG, GIF, WebP, AVIF, HEIC) or a PDF.`,
            ),
          );
        }
        files.push({ filename, contentType: sniffed, data });
      });
    });
    parser.on("filesLimit", () =>
      fail(new AppError("payload_too_large", `A request may carry at most ${ATTACHMENT_MAX_FILES} attachments.`)),
    );
    parser.on("fieldsLimit", () => fail(new AppError("payload_too_large", "The form has too many fields.")));
    parser.on("partsLimit", () => fail(new AppError("payload_too_large", "The form has too many parts.")));
    parser.on("error", () => fail(new AppError("bad_json", "The multipart body is malformed.")));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    counter.on("error", (error) =>
      fail(error instanceof AppError ? error : new AppError("bad_json", "The body could not be read.")),
    );
    source.on("error", () => fail(new AppError("bad_json", "The body could not be read.")));
    source.pipe(counter).pipe(parser);
  });
}
