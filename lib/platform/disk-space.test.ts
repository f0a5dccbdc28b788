import { describe, expect, it } from "vitest";
import { isDiskFull } from "./disk-space";

describe("a write that found no space", () => {
  it("is told by the system's ENOSPC, PostgreSQL's disk_full or its message, however deeply wrapped", () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    expect(isDiskFull(enospc)).toBe(true);
    expect(isDiskFull({ code: "53100" })).toBe(true);
    const driver = new Error('could not extend file "base/5/17194": No space left on device');
    expect(isDiskFull(new Error("Invalid `prisma.cardPhoto.upsert()` invocation", { cause: { cause: driver } }))).toBe(
      true,
    );
  });

  it("is not any other failure, nor a number that looks like the code", () => {
    expect(isDiskFull(new Error("Unique constraint failed on the fields: (`code`)"))).toBe(false);
    expect(isDiskFull(new Error("no product 5310053100"))).toBe(false);
    expect(isDiskFull(Object.assign(new Error("gone"), { code: "ECONNRESET" }))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });
});
