import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { idParams } from "@/lib/http/wire";
import { JSON_BODY_LIMIT } from "@/lib/http/body-limits";
import { route } from "@/lib/http/route";

// The wrapper is exercised with real handlers and the real database; only the
// HTTP server around it is left out (the api suite covers that).
const echo = route(
  {
    auth: "public",
    params: idParams,
    query: z.object({ verbose: z.enum(["0", "1"]).optional() }),
    body: z.object({ name: z.string().min(1), count: z.number().int().optional() }),
  },
  ({ params, query, body }) => ({ ok: true, id: params.id, verbose: query.verbose ?? null, body }),
);

const call = (handler: typeof echo, init: RequestInit & { url?: string; params?: Record<string, string> } = {}) =>
  handler(
    new Request(init.url ?? "http://labs.test/x", {
      method: "POST",
      ...init,
      // JSON bodies say so, as every client must; a FormData sets its own type.
      headers: {
        ...(init.body instanceof FormData ? {} : { "content-type": "application/json" }),
        ...(init.headers as Record<string, string> | undefined),
      },
    }),
    { params: Promise.resolve(init.params ?? { id: "7" }) },
  );

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe("route()", () => {
  it("passes parsed params, query and body to the handler", async () => {
    const result = await json(
      await call(echo, { url: "http://labs.test/x?verbose=1", body: JSON.stringify({ name: "Pão", count: 2 }) }),
    );
    expect(result).toEqual({ status: 200, body: { ok: true, id: 7, verbose: "1", body: { name: "Pão", count: 2 } } });
  });

  it.each([
    ["malformed JSON", "{nope", "bad_json", 400],
    ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), "bad_json", 400],
    ["a JSON array", "[1,2]", "validation_failed", 400],
    ["wrong types", JSON.stringify({ name: 5 }), "validation_failed", 400],
    ["a missing field", JSON.stringify({}), "validation_failed", 400],
    ["deep nesting", "[".repeat(5000) + "]".repeat(5000), "validation_failed", 400],
  ] as const)("answers %s with the envelope", async (_label, body, code, status) => {
    const result = await json(await call(echo, { body }));
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject({ ok: false, error: { code } });
    expect(typeof result.body.error.message).toBe("string");
  });

  it("names the field of each validation issue", async () => {
    const result = await json(await call(echo, { body: JSON.stringify({ name: "", count: 1.5 }) }));
    expect(result.body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["count", "name"]);
  });

  it.each(["abc", "0", "-1", "1e3", "12abc", "99999999999", "2147483648"])("refuses the id %s", async (id) => {
    const result = await json(await call(echo, { params: { id }, body: JSON.stringify({ name: "x" }) }));
    expect(result.status).toBe(400);
    expect(result.body.error.issues[0].path).toBe("params.id");
  });

  it("refuses a declared body over 256 KiB with 413 before reading it", async () => {
    const response = await call(echo, {
      body: "{}",
      headers: { "content-length": String(JSON_BODY_LIMIT + 1) },
    });
    expect(await json(response)).toMatchObject({ status: 413, body: { error: { code: "payload_too_large" } } });
  });

  it("refuses a streamed body past 256 KiB with 413 and stops reading", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await call(echo, { body: stream, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    // 256 KiB is 4 chunks; a reader that buffered everything would pull all 100.
    expect(pulled).toBeLessThan(10);
  });

  it("refuses malformed JSON on a POST that takes no fields", async () => {
    let ran = false;
    const end = route({ auth: "public" }, () => {
      ran = true;
      return { ok: true };
    });
    expect(await json(await call(end, { body: "{oops" }))).toMatchObject({
      status: 400,
      body: { error: { code: "bad_json" } },
    });
    expect(ran).toBe(false);
    expect((await call(end)).status).toBe(200);
    expect(ran).toBe(true);
  });

  it("refuses multipart with 415", async () => {
    const form = new FormData();
    form.set("name", "x");
    const result = await json(await call(echo, { body: form }));
    expect(result).toMatchObject({ status: 415, body: { error: { code: "unsupported_media_type" } } });
  });

  it("maps an AppError to its status and headers", async () => {
    const limited = route({ auth: "public" }, () => {
      throw new AppError("rate_limited", "Slow down.", { headers: { "retry-after": "7" } });
    });
    const response = await call(limited);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(await response.json()).toEqual({ ok: false, error: { code: "rate_limited", message: "Slow down." } });
  });

  it("maps a unique violation from the database to 409", async () => {
    const name = `Store ${crypto.randomUUID()}`;
    const createStore = route({ auth: "public" }, async () => {
      await db().store.create({ data: { name, nameKey: name.toLowerCase() } });
      return { ok: true };
    });
    expect((await call(createStore)).status).toBe(200);
    const second = await json(await call(createStore));
    expect(second).toMatchObject({ status: 409, body: { ok: false, error: { code: "conflict" } } });
  });

  it("maps a missing record to 404", async () => {
    const updateMissing = route({ auth: "public" }, async () => {
      await db().store.update({ where: { id: 2_000_000_000 }, data: { country: "ES" } });
      return { ok: true };
    });
    expect(await json(await call(updateMissing))).toMatchObject({
      status: 404,
      body: { error: { code: "not_found" } },
    });
  });

  it("hides unexpected errors behind a generic 500", async () => {
    const broken = route({ auth: "public" }, async () => {
      await db().$queryRawUnsafe("SELECT * FROM no_such_table_for_secrets");
      return { ok: true };
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      const result = await json(await call(broken));
      expect(result.status).toBe(500);
      expect(result.body.error.code).toBe("internal");
      expect(JSON.stringify(result.body)).not.toMatch(/no_such_table|SELECT|at /);
    } finally {
      console.error = original;
    }
  });

  it("needs the operator for operator routes", async () => {
    const secret = route({ auth: "operator" }, () => ({ ok: true }));
    const result = await json(await call(secret));
    expect(result).toMatchObject({ status: 401, body: { error: { code: "unauthorized" } } });
  });
});
