import { readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";

// Zips for the import tests: Catima's export is its catima.csv (and card
// images) in a plain zip, made here from Catima's own fixture files
// (tests/fixtures/catima/README.md); hostile zips are made by editing a real
// zip's central directory, as an attacker would.

export const CATIMA_FIXTURES = path.resolve("tests/fixtures/catima");

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
