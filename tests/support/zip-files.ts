import { readFileSync } from "node:fs";
import path from "node:path";
import { constants, deflateRawSync } from "node:zlib";
import { strToU8, zipSync } from "fflate";

// Zips for the import tests: Catima's export is its catima.csv (and card
// images) in a plain zip, made here from fixtures written in Catima's layout
// (tests/fixtures/wallets/README.md); hostile zips are made by editing a real
// zip's central directory, as an attacker would.

export const CATIMA_FIXTURES = path.resolve("tests/fixtures/wallets");

export function catimaFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(CATIMA_FIXTURES, name)));
}

/** A zip of these files (deflated), as Catima's exporter makes one without a password. */
export function zipOf(files: Record<string, Uint8Array | string>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, data]) => [name, typeof data === "string" ? strToU8(data) : data]),
    ),
  );
}

type DirectoryFields = { flags?: number; method?: number; size?: number };

/** The zip with the central directory entry of `name` changed. */
export function patchDirectory(zip: Uint8Array, name: string, fields: DirectoryFields): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 46 <= copy.byteLength; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(copy.subarray(at + 46, at + 46 + nameLength)) !== name) continue;
    if (fields.flags !== undefined) view.setUint16(at + 8, fields.flags, true);
    if (fields.method !== undefined) view.setUint16(at + 10, fields.method, true);
    if (fields.size !== undefined) view.setUint32(at + 24, fields.size, true);
    return copy;
  }
  throw new Error(`no directory entry ${name}`);
}

/**
 * A raw deflate stream of `mib` MiB of zeros, about a thousandth of that in
 * size: one MiB compressed with a full flush (which starts the next block
 * afresh, so copies of it follow each other as they are), repeated, then an
 * empty final block. Builds a bomb of any size without inflating it first.
 */
export function deflatedZeros(mib: number): Uint8Array {
  const block = deflateRawSync(new Uint8Array(1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const end = deflateRawSync(new Uint8Array(0));
  const stream = new Uint8Array(block.byteLength * mib + end.byteLength);
  for (let i = 0; i < mib; i++) stream.set(block, i * block.byteLength);
  stream.set(end, block.byteLength * mib);
  return stream;
}

/**
 * A zip of one deflated entry, `deflated` as its data and whatever size and
 * CRC the attacker declares for it, in the local header and the directory alike.
 */
export function zipOfDeflated(
  name: string,
  deflated: Uint8Array,
  declared: { size: number; crc?: number },
): Uint8Array {
  const nameBytes = strToU8(name);
  const local = new Uint8Array(30 + nameBytes.byteLength);
  const entry = new Uint8Array(46 + nameBytes.byteLength);
  const end = new Uint8Array(22);
  const localView = new DataView(local.buffer);
  const entryView = new DataView(entry.buffer);
  const endView = new DataView(end.buffer);
  localView.setUint32(0, 0x04034b50, true);
  localView.setUint16(4, 20, true);
  localView.setUint16(8, 8, true);
  localView.setUint32(14, declared.crc ?? 0, true);
  localView.setUint32(18, deflated.byteLength, true);
  localView.setUint32(22, declared.size, true);
  localView.setUint16(26, nameBytes.byteLength, true);
  local.set(nameBytes, 30);
  entryView.setUint32(0, 0x02014b50, true);
  entryView.setUint16(4, 20, true);
  entryView.setUint16(6, 20, true);
  entryView.setUint16(10, 8, true);
  entryView.setUint32(16, declared.crc ?? 0, true);
  entryView.setUint32(20, deflated.byteLength, true);
  entryView.setUint32(24, declared.size, true);
  entryView.setUint16(28, nameBytes.byteLength, true);
  entryView.setUint32(42, 0, true);
  entry.set(nameBytes, 46);
  const directoryAt = local.byteLength + deflated.byteLength;
  endView.setUint32(0, 0x06054b50, true);
  endView.setUint16(8, 1, true);
  endView.setUint16(10, 1, true);
  endView.setUint32(12, entry.byteLength, true);
  endView.setUint32(16, directoryAt, true);
  const zip = new Uint8Array(directoryAt + entry.byteLength + end.byteLength);
  zip.set(local, 0);
  zip.set(deflated, local.byteLength);
  zip.set(entry, directoryAt);
  zip.set(end, directoryAt + entry.byteLength);
  return zip;
}
