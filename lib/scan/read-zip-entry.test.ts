import { describe, expect, it } from "vitest";
import { countLoopTurns } from "@/tests/support/loop-turns";
import { AppError } from "@/lib/http/errors";
import { isZip, readZipEntry } from "@/lib/scan/read-zip-entry";
import { deflatedZeros, patchDirectory, zipOf, zipOfDeflated } from "@/tests/support/zip-files";

const limits = { name: "catima.csv", maxBytes: 2 * 1024 * 1024 };
const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  throw new Error("not refused");
};

describe("reading one file out of an uploaded zip", () => {
  it("reads catima.csv and leaves the images unread", async () => {
    const zip = zipOf({ "catima.csv": "2\r\n", "card_1_front.png": new Uint8Array(5000) });
    expect(isZip(zip)).toBe(true);
    expect(new TextDecoder().decode(await readZipEntry(zip, limits))).toBe("2\r\n");
  });

  it("tells a zip from a CSV", () => {
    expect(isZip(new TextEncoder().encode("store,number\n"))).toBe(false);
    expect(isZip(new Uint8Array())).toBe(false);
  });

  it("refuses a zip without catima.csv, or with it in a folder", async () => {
    expect(await refusal(() => readZipEntry(zipOf({ "cards/catima.csv": "2" }), limits))).toEqual({
      code: "validation_failed",
      message: "The zip has no catima.csv: it is not a Catima export.",
    });
  });

  it.each(["../catima.csv", "../../etc/passwd", "/etc/passwd", "a/../../x", "C:/windows/x", "..\\x"])(
    "refuses the whole zip when a name like %j points outside it",
    async (name) => {
      const refused = await refusal(() => readZipEntry(zipOf({ "catima.csv": "2", [name]: "x" }), limits));
      expect(refused.code).toBe("validation_failed");
      expect(refused.message).toMatch(/points outside it/);
    },
  );

  it("refuses a password-protected export (ZipCrypto or Catima's AES) with a clear message", async () => {
    const zip = zipOf({ "catima.csv": "2\r\n" });
    for (const patched of [
      patchDirectory(zip, "catima.csv", { flags: 1 }),
      patchDirectory(zip, "catima.csv", { method: 99, flags: 1 }),
    ]) {
      expect(await refusal(() => readZipEntry(patched, limits))).toEqual({
        code: "validation_failed",
        message: "This export is protected by a password. Export again from Catima without a password.",
      });
    }
  });

  it("refuses an entry declared larger than the limit without inflating it", async () => {
    const bomb = zipOf({ "catima.csv": new Uint8Array(10 * 1024 * 1024) });
    expect(bomb.byteLength).toBeLessThan(20 * 1024);
    expect(await refusal(() => readZipEntry(bomb, limits))).toEqual({
      code: "payload_too_large",
      message: "catima.csv inside the zip is larger than 2 MiB; it was refused.",
    });
  });

  it("stops inflating a zip bomb that declares a small size, at what it declared", async () => {
    const bomb = patchDirectory(zipOf({ "catima.csv": new Uint8Array(10 * 1024 * 1024) }), "catima.csv", {
      size: 1000,
    });
    expect(await refusal(() => readZipEntry(bomb, limits))).toEqual({
      code: "payload_too_large",
      message: "catima.csv inside the zip inflates to more than the zip says; it was refused.",
    });
  });

  it("refuses an entry whose content is not what its directory says", async () => {
    const liar = patchDirectory(zipOf({ "catima.csv": "2\r\n\r\n_id\r\n" }), "catima.csv", { size: 100 });
    expect((await refusal(() => readZipEntry(liar, limits))).message).toBe(
      "The zip is damaged or incomplete; export it again.",
    );
  });

  it("refuses a truncated zip", async () => {
    const zip = zipOf({ "catima.csv": "2\r\n" });
    expect((await refusal(() => readZipEntry(zip.subarray(0, zip.byteLength - 30), limits))).code).toBe(
      "validation_failed",
    );
  });

  it("inflates a bomb in pieces while the event loop turns, up to what it declared", async () => {
    // 2 GiB declared as the 2 MiB allowed: stopped just past 2 MiB, having let
    // the loop turn between pieces. Inflated in this thread, the first slice
    // of it alone became 64 MiB inside one turn.
    const bomb = zipOfDeflated("catima.csv", deflatedZeros(2048), { size: 2 * 1024 * 1024 });
    const loop = countLoopTurns();
    const refused = await refusal(() => readZipEntry(bomb, limits));
    const turns = loop.stop();
    expect(refused).toEqual({
      code: "payload_too_large",
      message: "catima.csv inside the zip inflates to more than the zip says; it was refused.",
    });
    // One at least for each of the 128 pieces of 16 KiB in 2 MiB.
    expect(turns).toBeGreaterThan(100);
  });
});
