import http from "node:http";
import { describe, expect, it } from "vitest";
import { HTML_PAGE, PDF_MINIMAL, PNG_1X1, pngOfSize, SVG_IMAGE } from "@/tests/support/ask-files";
import { api, baseUrl, operatorCookie } from "./client";

// POST /api/core-ask/log and its public alias: JSON, forms and multipart with
// attachments; the limits and bad inputs of docs/contract.md ("Limits", "JSON endpoints").

type Todo = {
  id: number;
  text: string;
  priority: number;
  source: string | null;
  page_url: string | null;
  page_context: Record<string, unknown> | null;
  status: string;
  parent_id: number | null;
  attachments: { id: number; filename: string; content_type: string; size: number; url: string }[];
};
type LogResult = { ok: true; id: number; todo: Todo };

const MIB = 1024 * 1024;

function multipart(fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append("attachments", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

const postForm = (form: FormData, path = "/api/core-ask/log") => api<LogResult>(path, { method: "POST", body: form });

describe("log with JSON", () => {
  it.each(["/api/core-ask/log", "/api/base-ask/log"])(
    "%s records a todo without auth and answers 200",
    async (path) => {
      const { status, data } = await api<LogResult>(path, {
        method: "POST",
        json: {
          text: "  The fridge list should sort by aisle  ",
          priority: 3,
          source: "ask-full",
          page_url: "http://127.0.0.1/base-scan/",
          page_context: { path: "/base-scan/", viewport: { width: 412, height: 915 }, user_agent: "test" },
        },
      });
      expect(status).toBe(200);
      expect(data).toMatchObject({
        ok: true,
        id: expect.any(Number),
        todo: {
          text: "The fridge list should sort by aisle",
          priority: 3,
          source: "ask-full",
          page_url: "http://127.0.0.1/base-scan/",
          page_context: { path: "/base-scan/", viewport: { width: 412, height: 915 } },
          status: "pending",
          parent_id: null,
          attachments: [],
        },
      });
      expect(data.todo.id).toBe(data.id);
    },
  );

  it("defaults priority 0 and no source; a follow-up names its parent and is listed with it", async () => {
    const parent = await api<LogResult>("/api/base-ask/log", { method: "POST", json: { text: "parent ask" } });
    expect(parent.data.todo).toMatchObject({ priority: 0, source: null, page_url: null, page_context: null });
    const child = await api<LogResult>("/api/base-ask/log", {
      method: "POST",
      json: { text: "follow-up", parent_id: parent.data.id },
    });
    expect(child.data.todo.parent_id).toBe(parent.data.id);
    const detail = await api<{ todo: { follow_ups: Todo[]; follow_up_count: number } }>(
      `/api/core-ask/${parent.data.id}`,
      { cookie: await operatorCookie() },
    );
    expect(detail.data.todo.follow_ups.map((t) => t.id)).toEqual([child.data.id]);
    expect(detail.data.todo.follow_up_count).toBe(1);

    const orphan = await api("/api/core-ask/log", { method: "POST", json: { text: "x", parent_id: 2_000_000_000 } });
    expect(orphan.status).toBe(404);
    expect(orphan.data).toMatchObject({
      ok: false,
      error: { code: "not_found", message: expect.stringContaining("parent_id") },
    });
  });

  it.each([
    ["no text", {}, "text"],
    ["empty text", { text: "   " }, "text"],
    ["text as a number", { text: 12 }, "text"],
    ["priority above 5", { text: "x", priority: 6 }, "priority"],
    ["priority below -2", { text: "x", priority: -3 }, "priority"],
    ["priority not whole", { text: "x", priority: 1.5 }, "priority"],
    ["priority as a word", { text: "x", priority: "high" }, "priority"],
    ["priority as a boolean", { text: "x", priority: true }, "priority"],
    ["unknown source", { text: "x", source: "email" }, "source"],
    ["source as a number", { text: "x", source: 3 }, "source"],
    ["javascript: page_url", { text: "x", page_url: "javascript:alert(1)" }, "page_url"],
    ["page_context as an array", { text: "x", page_context: [1, 2] }, "page_context"],
    ["page_context as bad JSON text", { text: "x", page_context: "{nope" }, "page_context"],
    ["page_context with NUL", { text: "x", page_context: { a: "\u0000" } }, "page_context"],
    ["text with NUL", { text: "a\u0000b" }, "text"],
    ["parent_id not an id", { text: "x", parent_id: "abc" }, "parent_id"],
    ["body an array", [1, 2], "(root)"],
  ])("refuses %s with 400 validation_failed naming the field", async (_label, json, path) => {
    const { status, data } = await api("/api/core-ask/log", { method: "POST", json });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
    const issues = (data as { error: { issues: { path: string }[] } }).error.issues;
    expect(issues.map((issue) => issue.path)).toContain(path);
  });

  it("stores SQL and HTML metacharacters verbatim", async () => {
    const text = `'); DROP TABLE todo;-- <img src=x onerror=alert(1)>`;
    const { data } = await api<LogResult>("/api/core-ask/log", { method: "POST", json: { text } });
    expect(data.todo.text).toBe(text);
  });

  it("answers a plain HTML form post (JavaScript off) with 303 back to the capture page", async () => {
    const { status, headers } = await api("/api/base-ask/log", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ text: "from a form", priority: "2", source: "ask-quick" }).toString(),
    });
    expect(status).toBe(303);
    expect(headers.get("location")).toMatch(/^\/base-ask\/\?sent=\d+$/);
  });
});

describe("log with attachments (multipart)", () => {
  it("stores images and PDFs with their sniffed type and page_context as JSON text", async () => {
    const form = multipart(
      {
        text: "Screenshot of the broken wallet",
        priority: "4",
        source: "bug",
        page_url: "/base-scan/",
        page_context: JSON.stringify({ path: "/base-scan/", viewport: "412x915" }),
      },
      [
        { name: "screen.png", type: "image/png", data: PNG_1X1 },
        // The browser's type is not trusted: the bytes say PDF.
        { name: "receipt.pdf", type: "application/octet-stream", data: PDF_MINIMAL },
      ],
    );
    const { status, data } = await postForm(form, "/api/base-ask/log");
    expect(status).toBe(200);
    expect(data.todo).toMatchObject({ priority: 4, source: "bug", page_context: { path: "/base-scan/" } });
    expect(data.todo.attachments).toEqual([
      expect.objectContaining({ filename: "screen.png", content_type: "image/png", size: PNG_1X1.length }),
      expect.objectContaining({ filename: "receipt.pdf", content_type: "application/pdf", size: PDF_MINIMAL.length }),
    ]);
    // An empty file input (nothing chosen) is not an attachment.
    const empty = multipart({ text: "no file chosen" }, [
      { name: "", type: "application/octet-stream", data: Buffer.alloc(0) },
    ]);
    const none = await postForm(empty);
    expect(none.status).toBe(200);
    expect(none.data.todo.attachments).toEqual([]);
  });

  it("keeps a file's Portuguese name as the browser sent it (UTF-8)", async () => {
    const { status, data } = await postForm(
      multipart({ text: "talão" }, [{ name: "talão de março.png", type: "image/png", data: PNG_1X1 }]),
    );
    expect(status).toBe(200);
    expect(data.todo.attachments[0]!.filename).toBe("talão de março.png");
  });

  it("serves attachments to the operator only: type, nosniff, inline image, PDF as a download", async () => {
    const form = multipart({ text: "two files" }, [
      { name: "a.png", type: "image/png", data: PNG_1X1 },
      { name: "b.pdf", type: "application/pdf", data: PDF_MINIMAL },
    ]);
    const { data } = await postForm(form);
    const [png, pdf] = data.todo.attachments;

    const anonymous = await fetch(`${baseUrl}${png!.url}`);
    expect(anonymous.status).toBe(401);

    const cookie = await operatorCookie();
    const image = await fetch(`${baseUrl}${png!.url}`, { headers: { cookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-disposition")).toMatch(/^inline; filename="a\.png"/);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const document = await fetch(`${baseUrl}${pdf!.url}`, { headers: { cookie } });
    expect(document.headers.get("content-type")).toBe("application/pdf");
    expect(document.headers.get("content-disposition")).toMatch(/^attachment; filename="b\.pdf"/);
    expect(document.headers.get("x-content-type-options")).toBe("nosniff");

    const missing = await api("/api/core-ask/attachments/2000000000", { cookie });
    expect(missing.status).toBe(404);
  });

  it.each([
    ["an HTML page", "page.html", "text/html", HTML_PAGE],
    ["an SVG image", "drawing.svg", "image/svg+xml", SVG_IMAGE],
    ["HTML disguised as a PNG", "innocent.png", "image/png", HTML_PAGE],
  ])("refuses %s with 415, storing nothing", async (_label, name, type, bytes) => {
    const text = `refused ${name} ${Date.now()}`;
    const { status, data } = await postForm(multipart({ text }, [{ name, type, data: bytes }]));
    expect(status).toBe(415);
    expect(data).toMatchObject({ ok: false, error: { code: "unsupported_media_type" } });
    const pending = await api<{ todos: Todo[] }>("/api/core-ask/pending?limit=1000", {
      cookie: await operatorCookie(),
    });
    expect(pending.data.todos.map((t) => t.text)).not.toContain(text);
  });

  it("accepts a file of exactly 5 MiB and refuses one byte more with 413", async () => {
    const ok = await postForm(
      multipart({ text: "5 MiB" }, [{ name: "big.png", type: "image/png", data: pngOfSize(5 * MIB) }]),
    );
    expect(ok.status).toBe(200);
    expect(ok.data.todo.attachments[0]?.size).toBe(5 * MIB);
    const tooBig = await postForm(
      multipart({ text: "5 MiB + 1" }, [{ name: "bigger.png", type: "image/png", data: pngOfSize(5 * MIB + 1) }]),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toMatchObject({
      ok: false,
      error: { code: "payload_too_large", message: expect.stringContaining("bigger.png") },
    });
  });

  it("refuses a sixth file with 413", async () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, type: "image/png", data: PNG_1X1 }));
    const { status, data } = await postForm(multipart({ text: "six files" }, files));
    expect(status).toBe(413);
    expect(data).toMatchObject({
      error: { code: "payload_too_large", message: expect.stringContaining("5 attachments") },
    });
  });

  it("refuses more than 15 MiB in one request with 413", async () => {
    const files = Array.from({ length: 4 }, (_, i) => ({
      name: `${i}.png`,
      type: "image/png",
      data: pngOfSize(4 * MIB),
    }));
    const { status, data } = await postForm(multipart({ text: "16 MiB" }, files));
    expect(status).toBe(413);
    expect(data).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("answers 413 from the declared length before reading a huge body", async () => {
    // 200 MiB announced, a few bytes sent: the answer cannot wait for the body.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/core-ask/log`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * MIB) },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.write("--x\r\n");
    });
    expect(status).toBe(413);
  });

  it("refuses an oversized file sent without a declared length (chunked) with 413", async () => {
    // No Content-Length: only counting the stream can catch it. Written on a
    // connection of its own (no other test's request shares it), chunk by
    // chunk as the server takes them, until the answer comes: a server that
    // read everything before answering would take all 40 MiB.
    const boundary = "chunkedboundary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nchunked\r\n--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`;
    const chunk = pngOfSize(256 * 1024);
    let sent = 0;
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/core-ask/log`, {
        method: "POST",
        agent: false,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
      });
      let answered = false;
      request.on("response", (response) => {
        answered = true;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (part: string) => (text += part));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body: text });
          request.destroy();
        });
      });
      // Once answered, the server may close the connection under the last chunks.
      request.on("error", (error) => (answered ? undefined : reject(error)));
      const writeMore = () => {
        while (!answered && sent < 40 * MIB) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", writeMore);
        }
        if (!answered) request.end();
      };
      request.write(head);
      writeMore();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({
      error: { code: "payload_too_large", message: expect.stringContaining("huge.png") },
    });
    expect(sent).toBeLessThan(40 * MIB);
  });

  it("refuses files under another field name and a malformed body with 400", async () => {
    const form = new FormData();
    form.append("text", "wrong field");
    form.append("screenshot", new Blob([new Uint8Array(PNG_1X1)], { type: "image/png" }), "a.png");
    const wrong = await postForm(form);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ error: { code: "validation_failed" } });

    const malformed = await api("/api/core-ask/log", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="text"\r\n\r\nunterminated',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ ok: false });
  });
});
