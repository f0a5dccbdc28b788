import { crc32 } from "node:zlib";
import { Inflate } from "fflate";
import { AppError, errorText, type ErrorText } from "@/lib/http/errors";

// Reads one named file out of an uploaded zip, treating the zip as hostile
// (docs/decisions/007-wallet-import-export.md): the central directory is
// walked for names and sizes only, every name is checked, and only the one
// entry asked for is inflated, in slices, counting what comes out, so a zip
// bomb is stopped at the limit whatever its headers claim. Nothing is ever
// written to disk. The format is PKWARE's APPNOTE.TXT; fflate inflates.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65 535. */
const END_SEARCH = 22 + 0xffff;
/** A Catima export holds its CSV and up to three images per card. */
const MAX_ENTRIES = 5000;
const SLICE = 64 * 1024;
/** Method 99 is WinZip AES, which Catima uses for a password-protected export. */
const STORED = 0;
const DEFLATED = 8;
const AES = 99;

export type ZipEntryLimits = { name: string; maxBytes: number };

type DirectoryEntry = {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

/** Whether the bytes start like a zip (a local file header, or the end record of an empty zip). */
export function isZip(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 4) return false;
  const signature = view(bytes).getUint32(0, true);
  return signature === LOCAL_HEADER || signature === END_OF_DIRECTORY;
}

/**
 * The bytes of the entry called `name` (at the root of the zip), at most
 * `maxBytes` of them. Refuses, naming the reason: a damaged zip, a name that
 * reaches outside the zip, a password-protected entry, a missing or doubled
 * entry, and an entry larger than `maxBytes`, declared or inflated.
 */
export function readZipEntry(bytes: Uint8Array, { name, maxBytes }: ZipEntryLimits): Uint8Array {
  const entries = readDirectory(bytes);
  for (const entry of entries) {
    if (!isSafeName(entry.name)) {
      throw unreadable(errorText("wallet.zip.outside", { name: printable(entry.name) }));
    }
  }
  if (entries.some((entry) => (entry.flags & 1) === 1 || entry.method === AES)) {
    throw unreadable(errorText("wallet.zip.password"));
  }
  const matches = entries.filter((entry) => entry.name === name);
  if (matches.length === 0) throw unreadable(errorText("wallet.zip.missing", { name }));
  if (matches.length > 1) throw unreadable(errorText("wallet.zip.repeated", { name }));
  const entry = matches[0]!;
  if (entry.size > maxBytes) throw tooLarge(name, maxBytes);
  return inflateEntry(bytes, entry, maxBytes);
}

function readDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const data = view(bytes);
  const end = findEndRecord(bytes);
  const count = data.getUint16(end + 10, true);
  const size = data.getUint32(end + 12, true);
  let offset = data.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw unreadable(errorText("wallet.zip.zip64"));
  if (count > MAX_ENTRIES) throw unreadable(errorText("wallet.zip.tooManyFiles", { max: MAX_ENTRIES }));
  if (offset + size > end) throw damaged();
  const entries: DirectoryEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > end || data.getUint32(offset, true) !== DIRECTORY_ENTRY) throw damaged();
    const flags = data.getUint16(offset + 8, true);
    const nameLength = data.getUint16(offset + 28, true);
    const extraLength = data.getUint16(offset + 30, true);
    const commentLength = data.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > end) throw damaged();
    const rawName = bytes.subarray(offset + 46, offset + 46 + nameLength);
    entries.push({
      // Bit 11: the name is UTF-8; otherwise code page 437, whose ASCII part is all a safe name needs.
      name: new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(rawName),
      flags,
      method: data.getUint16(offset + 10, true),
      crc: data.getUint32(offset + 16, true),
      compressedSize: data.getUint32(offset + 20, true),
      size: data.getUint32(offset + 24, true),
      localOffset: data.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndRecord(bytes: Uint8Array): number {
  const data = view(bytes);
  const lowest = Math.max(0, bytes.byteLength - END_SEARCH);
  for (let at = bytes.byteLength - 22; at >= lowest; at--) {
    if (data.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw damaged();
}

/**
 * A name that stays inside the zip's root when unpacked: relative, forward
 * slashes only, no `..` segment, no drive letter, no control characters.
 */
function isSafeName(name: string): boolean {
  if (name === "" || name.startsWith("/") || name.includes("\\")) return false;
  if (/^[A-Za-z]:/.test(name) || /[\u0000-\u001f\u007f]/.test(name)) return false;
  return !name.split("/").some((segment) => segment === "..");
}

function inflateEntry(bytes: Uint8Array, entry: DirectoryEntry, maxBytes: number): Uint8Array {
  const data = view(bytes);
  const local = entry.localOffset;
  if (local + 30 > bytes.byteLength || data.getUint32(local, true) !== LOCAL_HEADER) throw damaged();
  const start = local + 30 + data.getUint16(local + 26, true) + data.getUint16(local + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > bytes.byteLength) throw damaged();
  const compressed = bytes.subarray(start, stop);

  let output: Uint8Array;
  if (entry.method === STORED) {
    output = compressed.slice();
  } else if (entry.method === DEFLATED) {
    output = inflateCounting(compressed, entry, maxBytes);
  } else {
    throw unreadable(errorText("wallet.zip.method", { name: entry.name, method: entry.method }));
  }
  // Sizes and checksum as the directory declared them: a zip whose headers
  // lie about its content is refused rather than half read.
  if (output.byteLength !== entry.size || crc32(output) !== entry.crc) throw damaged();
  return output;
}

function inflateCounting(compressed: Uint8Array, entry: DirectoryEntry, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.byteLength;
    // More than declared is a lie (a bomb declares little): stop right there.
    if (total > entry.size || total > maxBytes) throw inflatesTooMuch(entry.name);
    chunks.push(chunk);
  });
  try {
    for (let at = 0; at < compressed.byteLength; at += SLICE) {
      inflater.push(compressed.subarray(at, at + SLICE), at + SLICE >= compressed.byteLength);
    }
    if (compressed.byteLength === 0) inflater.push(new Uint8Array(), true);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged();
  }
  const output = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    output.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return output;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function printable(name: string): string {
  const shown = name.replace(/[\u0000-\u001f\u007f]/g, "?");
  return shown.length > 80 ? `${shown.slice(0, 80)}…` : shown;
}

function unreadable(message: ErrorText): AppError {
  return new AppError("validation_failed", message, { issues: [{ path: "file", message }] });
}

function damaged(): AppError {
  return unreadable(errorText("wallet.zip.damaged"));
}

function tooLarge(name: string, maxBytes: number): AppError {
  return new AppError(
    "payload_too_large",
    errorText("wallet.zip.tooLarge", { name, mib: Math.round(maxBytes / 1024 / 1024) }),
  );
}

function inflatesTooMuch(name: string): AppError {
  return new AppError("payload_too_large", errorText("wallet.zip.inflates", { name }));
}
