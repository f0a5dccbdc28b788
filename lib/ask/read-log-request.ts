import { AppError } from "@/lib/http/errors";
import { readFormOrJson } from "@/lib/http/read-body";
import { isMultipart, readMultipart, type MultipartLimits } from "@/lib/http/read-multipart";
import type { UploadedFile } from "@/lib/ask/log-todo";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, LOG_REQUEST_MAX_BYTES } from "@/lib/ask/schemas";
import { cleanFilename, sniffAttachmentType } from "@/lib/ask/sniff-attachment";

// POST log takes JSON, a url-encoded form, or multipart/form-data with files
// under the repeatable field `attachments`: 5 MiB a file, 5 files, 15 MiB a
// request, refused with 413 the moment one is passed (lib/http/read-multipart.ts).

const MIB = 1024 * 1024;

const LIMITS: MultipartLimits = {
  fileField: "attachments",
  maxFiles: ATTACHMENT_MAX_FILES,
  maxFileBytes: ATTACHMENT_MAX_BYTES,
  maxTotalBytes: LOG_REQUEST_MAX_BYTES,
  // The multipart framing and the text fields around the files.
  overhead: 256 * 1024,
  maxFields: 20,
  maxFieldBytes: 64 * 1024,
  messages: {
    tooLarge: `A request may carry at most ${LOG_REQUEST_MAX_BYTES / MIB} MiB of attachments.`,
    fileTooLarge: (filename) =>
      `The attachment ${cleanFilename(filename)} is larger than ${ATTACHMENT_MAX_BYTES / MIB} MiB.`,
    tooManyFiles: `A request may carry at most ${ATTACHMENT_MAX_FILES} attachments.`,
    wrongField: "send files under the field name attachments",
  },
};

export type LogRequest = { fields: unknown; files: UploadedFile[] };

export async function readLogRequest(request: Request): Promise<LogRequest> {
  if (!isMultipart(request)) return { fields: await readFormOrJson(request), files: [] };
  const form = await readMultipart(request, LIMITS);
  return { fields: form.fields, files: form.files.map(sniffedAttachment) };
}

/** The file with the type its bytes show, whatever the browser said; only images and PDFs. */
function sniffedAttachment({ filename, data }: { filename: string; data: Uint8Array }): UploadedFile {
  const name = cleanFilename(filename);
  const contentType = sniffAttachmentType(data);
  if (!contentType) {
    throw new AppError(
      "unsupported_media_type",
      `The attachment ${name} is not an image (PNG, JPEG, GIF, WebP, AVIF, HEIC) or a PDF.`,
    );
  }
  return { filename: name, contentType, data };
}
