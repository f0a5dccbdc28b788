import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/errors";
import { isZip, readZipEntry } from "@/lib/scan/read-zip-entry";
import { patchDirectory, zipOf } from "@/tests/support/zip-files";

const limits = { name: "catima.csv", maxBytes: 2 * 1024 * 1024 };
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  throw new Error("not refused");
};

describe("reading one file out of an uploaded zip", () => {
  it("reads catima.csv and leaves the images unread", () => {
    const zip = zipOf({ "catima.csv": "2\r\n", "card_1_front.png": new Uint8Array(5000) });
    expect(isZip(zip)).toBe(true);
    expect(new TextDecoder().decode(readZipEntry(zip, limits))).toBe("2\r\n");
  });

  it("tells a zip from a CSV", () => {
    expect(isZip(new TextEncoder().encode("store,number\n"))).toBe(false);
    expect(isZip(new Uint8Array())).toBe(false);
  });

  it("refuses a zip without catima.csv, or with it in a folder", () => {
    expect(refusal(() => readZipEntry(zipOf({ "cards/catima.csv": "2" }), limits))).toEqual({
      code: "validation_failed",
      message: "The zip has no catima.csv: it is not a Catima export.",
    });
  });

  it.each(["../catima.csv", "../../etc/passwd", "/etc/passwd", "a/../../x", "C:/windows/x", "..\\x"])(
    "refuses the whole zip when a name like %j points outside it",
    (name) => {
      const refused = refusal(() => readZipEntry(zipOf({ "catima.csv": "2", [name]: "x" }), limits));
      expect(refused.code).toBe("validation_failed");
      expect(refused.message).toMatch(/points outside it/);
    },
  );

  it("refuses a password-protected export (ZipCrypto or Catima's AES) with a clear message", () => {
    const zip = zipOf({ "catima.csv": "2\r\n" });
    for (const patched of [
      patchDirectory(zip, "catima.csv", { flags: 1 }),
      patchDirectory(zip, "catima.csv", { method: 99, flags: 1 }),
    ]) {
      expect(refusal(() => readZipEntry(patched, limits))).toEqual({
        code: "validation_failed",
        message: "This export is protected by a password. Export again from Catima without a password.",
      });
    }
  });

  it("refuses an entry declared larger than the limit without inflating it", () => {
    const bomb = zipOf({ "catima.csv": new Uint8Array(10 * 1024 * 1024) });
    expect(bomb.byteLength).toBeLessThan(20 * 1024);
    expect(refusal(() => readZipEntry(bomb, limits))).toEqual({
      code: "payload_too_large",
      message: "catima.csv inside the zip is larger than 2 MiB; it was refused.",
    });
  });

  it("stops inflating a zip bomb that declares a small size, at what it declared", () => {
    const bomb = patchDirectory(zipOf({ "catima.csv": new Uint8Array(10 * 1024 * 1024) }), "catima.csv", {
      size: 1000,
    });
    expect(refusal(() => readZipEntry(bomb, limits))).toEqual({
      code: "payload_too_large",
      message: "catima.csv inside the zip inflates to more than the zip says; it was refused.",
    });
  });

  it("refuses an entry whose content is not what its directory says", () => {
    const liar = patchDirectory(zipOf({ "catima.csv": "2\r\n\r\n_id\r\n" }), "catima.csv", { size: 100 });
    expect(refusal(() => readZipEntry(liar, limits)).message).toBe(
      "The zip is damaged or incomplete; export it again.",
    );
  });

  it("refuses a truncated zip", () => {
    const zip = zipOf({ "catima.csv": "2\r\n" });
    expect(refusal(() => readZipEntry(zip.subarray(0, zip.byteLength - 30), limits)).code).toBe("validation_failed");
  });
});
