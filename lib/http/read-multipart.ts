import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError, errorText, fieldError, type ErrorText } from "@/lib/http/errors";

// The one multipart/form-data reader (uploads to Ask, wallet imports):
// streamed through busboy and refused with 413 the moment a limit is passed,
// declared or counted, never buffered past it.

export type MultipartLimits = {
  /** The field files come in; a file under any other name is refused. */
  fileField: string;
  maxFiles: number;
  /** Bytes of one file. */
  maxFileBytes: number;
  /** Bytes of all files together. */
  maxTotalBytes: number;
  /** Room for the multipart framing and the text fields around the files. */
  overhead: number;
  maxFields: number;
  maxFieldBytes: number;
  /** The refusals in the caller's words. */
  messages: {
    tooLarge: ErrorText;
    fileTooLarge: (filename: string) => ErrorText;
    tooManyFiles: ErrorText;
    wrongField: ErrorText;
  };
};

export type MultipartFile = { filename: string; data: Uint8Array };

export type MultipartForm = { fields: Record<string, string>; files: MultipartFile[] };

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * The form's text fields and its files. A file input left empty (a part with
 * no file name and no bytes) is not a file.
 */
export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limits.maxTotalBytes + limits.overhead) {
    // Left unread, as lib/http/read-body.ts leaves a request's body it refuses from its length.
    throw new AppError("payload_too_large", limits.messages.tooLarge);
  }
  if (!request.body) return { fields: {}, files: [] };
  return parse(request.body, request.headers.get("content-type") ?? "", limits);
}

function parse(body: ReadableStream<Uint8Array>, contentType: string, limits: MultipartLimits): Promise<MultipartForm> {
  const { messages } = limits;
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: MultipartFile[] = [];
    let fileBytes = 0;
    let settled = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        // Browsers send a file's name as raw UTF-8 (talão.png), not latin1, busboy's default.
        defParamCharset: "utf8",
        limits: {
          // busboy reports `limit` on reaching fileSize: one byte more means "too large".
          fileSize: limits.maxFileBytes + 1,
          files: limits.maxFiles,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          parts: limits.maxFiles + limits.maxFields,
        },
      });
    } catch {
      reject(new AppError("bad_json", errorText("request.noBoundary")));
      return;
    }

    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.byteLength;
        if (received > limits.maxTotalBytes + limits.overhead) {
          callback(new AppError("payload_too_large", messages.tooLarge));
        } else callback(null, chunk);
      },
    });

    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(counter);
      counter.unpipe(parser);
      reject(error);
      // What is left of the body is the front door's once the refusal is
      // answered (server/front-door.ts, discardRest): heard out when its
      // length is declared, else closed after a moment. Destroyed here, it
      // could reset the connection before the answer was written.
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated)
        return fail(new AppError("payload_too_large", errorText("request.fieldTooLong", { name })));
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== limits.fileField) {
        stream.resume();
        return fail(fieldError("validation_failed", name, messages.wrongField, "generic.fieldInvalidSentence"));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        fileBytes += chunk.byteLength;
        if (fileBytes > limits.maxTotalBytes) return fail(new AppError("payload_too_large", messages.tooLarge));
        chunks.push(chunk);
      });
      stream.on("limit", () =>
        fail(new AppError("payload_too_large", messages.fileTooLarge(info.filename ?? "the file"))),
      );
      stream.on("end", () => {
        if (settled || (size === 0 && !info.filename)) return;
        files.push({ filename: info.filename ?? "", data: new Uint8Array(Buffer.concat(chunks, size)) });
      });
    });
    parser.on("filesLimit", () => fail(new AppError("payload_too_large", messages.tooManyFiles)));
    parser.on("fieldsLimit", () => fail(new AppError("payload_too_large", errorText("request.tooManyFields"))));
    parser.on("partsLimit", () => fail(new AppError("payload_too_large", errorText("request.tooManyParts"))));
    parser.on("error", () => fail(new AppError("bad_json", errorText("request.malformedMultipart"))));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    counter.on("error", (error) =>
      fail(error instanceof AppError ? error : new AppError("bad_json", errorText("request.unreadable"))),
    );
    source.on("error", () => fail(new AppError("bad_json", errorText("request.unreadable"))));
    source.pipe(counter).pipe(parser);
  });
}
