import { AppError, errorText } from "@/lib/http/errors";
import { isJsonType, readJsonBody } from "@/lib/http/read-body";
import { isMultipart, readMultipart, type MultipartLimits } from "@/lib/http/read-multipart";
import { parseInput } from "@/lib/http/route";
import { IMPORT_LIMITS, importPersonField } from "@/lib/scan/schemas";

// POST import takes multipart/form-data: the wallet file in the field `file`
// and, optionally, `person`. Refused with 413 as soon as the file passes its
// limit (lib/http/read-multipart.ts); no other file and only a few small
// fields are accepted.

const MIB = 1024 * 1024;

const LIMITS: MultipartLimits = {
  fileField: "file",
  maxFiles: 1,
  maxFileBytes: IMPORT_LIMITS.fileBytes,
  maxTotalBytes: IMPORT_LIMITS.fileBytes,
  // The multipart framing and the `person` field around the file.
  overhead: 64 * 1024,
  maxFields: 4,
  maxFieldBytes: 1024,
  messages: {
    tooLarge: errorText("wallet.fileTooLarge", { mib: IMPORT_LIMITS.fileBytes / MIB }),
    fileTooLarge: () => errorText("wallet.fileTooLarge", { mib: IMPORT_LIMITS.fileBytes / MIB }),
    tooManyFiles: errorText("wallet.oneFile"),
    wrongField: errorText("wallet.fileField"),
  },
};

export type ImportRequest = { file: Uint8Array; person: string | null };

export async function readImportRequest(request: Request): Promise<ImportRequest> {
  if (!isMultipart(request)) {
    // A malformed or oversized JSON body is refused as on every other POST.
    if (isJsonType(request.headers.get("content-type") ?? "")) await readJsonBody(request);
    throw new AppError("unsupported_media_type", errorText("wallet.importType"));
  }
  const { fields, files } = await readMultipart(request, LIMITS);
  const file = files[0]?.data;
  if (!file?.byteLength) throw noFile();
  const person = parseInput(importPersonField, blankToUndefined(fields.person), "person");
  return { file, person: person ?? null };
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function noFile(): AppError {
  return new AppError("validation_failed", errorText("wallet.noFile"), {
    issues: [{ path: "file", message: errorText("wallet.noFileIssue") }],
  });
}
