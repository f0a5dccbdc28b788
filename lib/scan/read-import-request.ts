import { Readable, Transform } from "node:stream";
import busboy from "busboy";
import { AppError } from "@/lib/http/errors";
import { isJsonType, readJsonBody } from "@/lib/http/read-body";
import { parseInput } from "@/lib/http/route";
import { IMPORT_LIMITS, importPersonField } from "@/lib/scan/schemas";

// POST import takes multipart/form-data: the wallet file in the field `file`
// and, optionally, `person`. Streamed through busboy and refused with 413 as
// soon as the file passes its limit (declared or counted), never buffered
// past it; no other file and only a few small fields are accepted.

/** Room for the multipart framing and the `person` field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MIB = 1024 * 1024;

export type ImportRequest = { file: Uint8Array; person: string | null };

export async function readImportRequest(request: Request): Promise<ImportRequest> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    // A malformed or oversized JSON body is refused as on every other POST.
    if (isJsonType(contentType)) await readJsonBody(request);
    throw new AppError(
      "unsupported_media_type",
      "Send the file as multipart/form-data in the field file (curl -F file=@export.zip).",
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > IMPORT_LIMITS.fileBytes + MULTIPART_OVERHEAD) {
    await request.body?.cancel().catch(() => undefined);
    throw fileTooLarge();
  }
  if (!request.body) throw noFile();
  const { file, fields } = await readMultipart(request.body, contentType);
  if (!file) throw noFile();
  const person = parseInput(importPersonField, blankToUndefined(fields.person), "person");
  return { file, person: person ?? null };
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function fileTooLarge(): AppError {
  return new AppError("payload_too_large", `The file may be at most ${IMPORT_LIMITS.fileBytes / MIB} MiB.`);
}

function noFile(): AppError {
  const message = "send the wallet file in the field file";
  return new AppError("validation_failed", "Choose a file to import.", { issues: [{ path: "file", message }] });
}

function readMultipart(
  body: ReadableStream<Uint8Array>,
  contentType: string,
): Promise<{ file: Uint8Array | null; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Uint8Array | null = null;
    let settled = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: {
          // busboy reports `limit` on reaching fileSize: one byte more means "too large".
          fileSize: IMPORT_LIMITS.fileBytes + 1,
          files: 1,
          fields: 4,
          fieldSize: 1024,
          parts: 5,
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
        if (received > IMPORT_LIMITS.fileBytes + MULTIPART_OVERHEAD) callback(fileTooLarge());
        else callback(null, chunk);
      },
    });

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(counter);
      counter.unpipe(parser);
      source.destroy();
      reject(error);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError("payload_too_large", `The field ${name} is too long.`));
      fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== "file") {
        stream.resume();
        const message = "send the wallet file under the field name file";
        return fail(new AppError("validation_failed", `${name}: ${message}.`, { issues: [{ path: name, message }] }));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        chunks.push(chunk);
      });
      stream.on("limit", () => fail(fileTooLarge()));
      stream.on("end", () => {
        if (settled || size === 0) return;
        file = new Uint8Array(Buffer.concat(chunks, size));
      });
    });
    parser.on("filesLimit", () => fail(new AppError("payload_too_large", "Send one file at a time.")));
    parser.on("fieldsLimit", () => fail(new AppError("payload_too_large", "The form has too many fields.")));
    parser.on("partsLimit", () => fail(new AppError("payload_too_large", "The form has too many parts.")));
    parser.on("error", () => fail(new AppError("bad_json", "The multipart body is malformed.")));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ file, fields });
    });
    counter.on("error", (error) =>
      fail(error instanceof AppError ? error : new AppError("bad_json", "The body could not be read.")),
    );
    source.on("error", () => fail(new AppError("bad_json", "The body could not be read.")));
    source.pipe(counter).pipe(parser);
  });
}
