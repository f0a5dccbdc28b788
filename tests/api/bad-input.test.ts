import { describe, expect, it } from "vitest";
import { listAppRoutes } from "@/tests/support/routes";
import { api, authHeadersFor, operatorCookie } from "./client";

// Every POST route of the app, found on disk so a new one is covered without
// editing this file: malformed JSON is a 400 bad_json and a 400 KiB body a
// 413, never a 500 — whoever calls, as the operator so auth does not answer first.
const FORM_ONLY = new Set(["/admin/logout"]);
// Routes whose body is a file itself: JSON is refused there, unread.
const FILE_BODY = new Set(["/labs/api/restore"]);
const postRoutes = listAppRoutes()
  .filter((route) => route.methods.includes("POST") && !FORM_ONLY.has(route.path) && !FILE_BODY.has(route.path))
  .map((route) => route.path);

describe("every JSON POST route", () => {
  it("is found on disk", () => {
    expect(postRoutes).toContain("/admin/login");
  });

  it.each(postRoutes)("%s answers malformed JSON with 400 bad_json", async (path) => {
    const { status, data } = await api(path, {
      method: "POST",
      cookie: await operatorCookie(),
      headers: { "content-type": "application/json", ...(await authHeadersFor(path)) },
      body: '{"text": "unterminated',
    });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "bad_json" } });
  });

  it.each(postRoutes)("%s answers a 400 KiB body with 413 payload_too_large", async (path) => {
    const { status, data } = await api(path, {
      method: "POST",
      cookie: await operatorCookie(),
      headers: { "content-type": "application/json", ...(await authHeadersFor(path)) },
      body: JSON.stringify({ text: "x".repeat(400 * 1024) }),
    });
    expect(status).toBe(413);
    expect(data).toMatchObject({ ok: false, error: { code: "payload_too_large" } });
  });
});

describe("every POST route that takes a file as its body", () => {
  it.each([...FILE_BODY])("%s answers any JSON with 415 unsupported_media_type", async (path) => {
    const { status, data } = await api(path, {
      method: "POST",
      cookie: await operatorCookie(),
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(400 * 1024) }),
    });
    expect(status).toBe(415);
    expect(data).toMatchObject({ ok: false, error: { code: "unsupported_media_type" } });
  });
});
