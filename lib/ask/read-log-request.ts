import { AppError, errorText } from "@/lib/http/errors";
import { readFormOrJson } from "@/lib/http/read-body";
import { isMultipart, readMultipart, type MultipartLimits } from "@/lib/http/read-multipart";
import type { UploadedFile } from "@/lib/ask/log-todo";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, LOG_REQUEST_MAX_BYTES } from "@/lib/ask/schemas";
import { cleanFilename, sniffAttachmentType } from "@/lib/files/sniff-attachment";

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
    tooLarge: errorText("ask.attachmentsTooLarge", { mib: LOG_REQUEST_MAX_BYTES / MIB }),
    fileTooLarge: (filename) =>
      errorText("ask.attachmentTooLarge", { name: cleanFilename(filename), mib: ATTACHMENT_MAX_BYTES / MIB }),
    tooManyFiles: errorText("ask.tooManyAttachments", { count: ATTACHMENT_MAX_FILES }),
    wrongField: errorText("ask.attachmentsField"),
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
    throw new AppError("unsupported_media_type", errorText("ask.notAnAttachment", { name }));
  }
  return { filename: name, contentType, data };
}
