import { promisify } from "node:util";
import { crc32, inflateRaw, type ZlibOptions } from "node:zlib";
import { AppError, errorText, type ErrorText } from "@/lib/http/errors";

// Reads one named file out of an uploaded zip, treating the zip as hostile
// (docs/decisions/007-wallet-import-export.md): the central directory is
// walked for names and sizes only, every name is checked, and only the one
// entry asked for is inflated, counting what comes out, so a zip bomb is
// stopped at what it declared whatever it holds. Nothing is ever written to
// disk. The format is PKWARE's APPNOTE.TXT.
//
// Node's zlib inflates in its thread pool, 16 KiB of output at a time, and
// the server's thread only collects each piece: inflating here, one 64 KiB
// slice of a bomb became 64 MiB before the count could stop it, and held
// every other request for most of a second.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65 535. */
const END_SEARCH = 22 + 0xffff;
/** A Catima export holds its CSV and up to three images per card. */
const MAX_ENTRIES = 5000;
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
export async function readZipEntry(bytes: Uint8Array, { name, maxBytes }: ZipEntryLimits): Promise<Uint8Array> {
  const entries = checkedDirectory(bytes);
  const matches = entries.filter((entry) => entry.name === name);
  if (matches.length === 0) throw unreadable(errorText("wallet.zip.missing", { name }));
  if (matches.length > 1) throw unreadable(errorText("wallet.zip.repeated", { name }));
  const entry = matches[0]!;
  if (entry.size > maxBytes) throw tooLarge(name, maxBytes);
  return inflateEntry(bytes, entry);
}

/** The names of the zip's files, refused as readZipEntry refuses a zip, without inflating any. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  return checkedDirectory(bytes).map((entry) => entry.name);
}

/**
 * Each zip's directory, read once: a Catima zip's pictures are read one by
 * one, and a directory of thousands of names read again for each of
 * thousands of pictures held the server for seconds.
 */
const directories = new WeakMap<Uint8Array, DirectoryEntry[]>();

/** The directory of a zip whose every name stays inside it and no entry of which is encrypted. */
function checkedDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const known = directories.get(bytes);
  if (known) return known;
  const entries = readDirectory(bytes);
  for (const entry of entries) {
    if (!isSafeName(entry.name)) {
      throw unreadable(errorText("wallet.zip.outside", { name: printable(entry.name) }));
    }
  }
  if (entries.some((entry) => (entry.flags & 1) === 1 || entry.method === AES)) {
    throw unreadable(errorText("wallet.zip.password"));
  }
  directories.set(bytes, entries);
  return entries;
}

function readDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const data = view(bytes);
  // Bit 11 of an entry's flags: its name is UTF-8; otherwise code page 437, whose ASCII part is all a safe name needs.
  const utf8 = new TextDecoder("utf-8");
  const latin1 = new TextDecoder("latin1");
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
      name: (flags & 0x800 ? utf8 : latin1).decode(rawName),
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

async function inflateEntry(bytes: Uint8Array, entry: DirectoryEntry): Promise<Uint8Array> {
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
    output = await inflateCounting(compressed, entry);
  } else {
    throw unreadable(errorText("wallet.zip.method", { name: entry.name, method: entry.method }));
  }
  // Sizes and checksum as the directory declared them: a zip whose headers
  // lie about its content is refused rather than half read.
  if (output.byteLength !== entry.size || crc32(output) !== entry.crc) throw damaged();
  return output;
}

const inflate = promisify<Uint8Array, ZlibOptions, Buffer>(inflateRaw);

/**
 * The entry inflated, at most the size it declared (itself within the
 * limit): zlib stops at the first piece past it. More than declared is a lie,
 * as a bomb's is, and is refused.
 */
async function inflateCounting(compressed: Uint8Array, entry: DirectoryEntry): Promise<Uint8Array> {
  try {
    // zlib takes no limit of 0; an empty entry that inflates to anything is
    // then caught by the size check after.
    return await inflate(compressed, { maxOutputLength: Math.max(1, entry.size) });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") throw inflatesTooMuch(entry.name);
    throw damaged();
  }
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
