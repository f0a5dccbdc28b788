import { describe, expect, it } from "vitest";
import { PAGE_BODY_LIMIT } from "@/lib/http/body-limits";
import { pageBodyRefusal, readBodyBytes } from "@/lib/http/read-body";

describe("readBodyBytes", () => {
  it("answers a body that breaks off (the client gone) with 400, not a 500", async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"value":')),
      pull: (controller) => controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" })),
    });
    const request = new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readBodyBytes(request, 1024)).rejects.toMatchObject({ code: "bad_json", status: 400 });
  });
});

describe("pageBodyRefusal", () => {
  it.each([
    [null, null],
    ["0", null],
    [String(PAGE_BODY_LIMIT), null],
    [undefined, undefined],
  ])("lets content-length %s (transfer-encoding %s) through", (length, encoding) => {
    expect(pageBodyRefusal(length, encoding)).toBeNull();
  });

  it.each([String(PAGE_BODY_LIMIT + 1), "10000000", "not a number"])("refuses content-length %s with 413", (length) => {
    expect(pageBodyRefusal(length, null)).toMatchObject({ code: "payload_too_large", status: 413 });
  });

  it("refuses a body of undeclared length with 411, closing the connection after either", () => {
    const refusal = pageBodyRefusal(null, "chunked");
    expect(refusal).toMatchObject({ code: "length_required", status: 411 });
    expect(refusal?.headers).toEqual({ connection: "close" });
    expect(pageBodyRefusal("999999", null)?.headers).toEqual({ connection: "close" });
  });
});
