import { describe, expect, it } from "vitest";
import { api, operatorCookie } from "./client";

// The QA override (?ui=) and the page-view counter of the UI variants.
const htmlVariant = (html: string) => /<html[^>]* data-ui="([^"]*)"/.exec(html)?.[1];
const uiCookie = (headers: Headers) => headers.getSetCookie().find((cookie) => cookie.startsWith("labs_ui="));

describe("?ui= override", () => {
  it("?ui=d renders d and pins it in a cookie for later visits", async () => {
    const first = await api("/base-scan/?ui=d");
    expect(htmlVariant(first.text)).toBe("d");
    expect(first.headers.get("x-ui-version")).toBe("d");
    const cookie = uiCookie(first.headers)!;
    expect(cookie).toMatch(/^labs_ui=d;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const later = await api("/base-scan/prices", { cookie: "labs_ui=d" });
    expect(htmlVariant(later.text)).toBe("d");
    expect(later.headers.get("x-ui-version")).toBe("d");
  });

  it("?ui=a clears the pin and renders the default", async () => {
    const { headers, text } = await api("/base-scan/?ui=a", { cookie: "labs_ui=d" });
    expect(htmlVariant(text)).toBe("a");
    expect(uiCookie(headers)).toMatch(/^labs_ui=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
  });

  it("a /b/ path wins over a pinned variant", async () => {
    const { text } = await api("/b/base-scan/", { cookie: "labs_ui=d" });
    expect(htmlVariant(text)).toBe("b");
  });

  it.each(["zz", "m", "<script>", ""])("ignores ?ui=%s", async (value) => {
    const { headers, text } = await api(`/base-scan/?ui=${encodeURIComponent(value)}`);
    expect(htmlVariant(text)).toBe("a");
    expect(headers.get("set-cookie") ?? "").not.toContain("labs_ui");
  });

  it("ignores a forged cookie value", async () => {
    const { text } = await api("/base-scan/", { cookie: "labs_ui=%22%3E%3Cscript%3E" });
    expect(htmlVariant(text)).toBe("a");
  });
});

describe("page views per variant", () => {
  type Views = { from: string; to: string; rows: { day: string; variant: string; views: number }[] };
  const viewsOf = async (variant: string) => {
    const { data } = await api<Views>("/labs/api/views?days=1", { cookie: await operatorCookie() });
    return data.rows.find((row) => row.variant === variant && row.day === data.to)?.views ?? 0;
  };

  it("counts one view per POST, per variant per day", async () => {
    const before = { k: await viewsOf("k"), l: await viewsOf("l") };
    for (const variant of ["k", "k", "l"]) {
      const { status, data } = await api("/labs/api/views", { method: "POST", json: { variant } });
      expect(status).toBe(200);
      expect(data).toEqual({ ok: true });
    }
    expect(await viewsOf("k")).toBe(before.k + 2);
    expect(await viewsOf("l")).toBe(before.l + 1);
  });

  it.each([{ variant: "m" }, { variant: "A" }, {}, { variant: 1 }])("refuses %j", async (json) => {
    const { status, data } = await api("/labs/api/views", { method: "POST", json });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed", issues: [{ path: "variant" }] } });
  });

  it("shows the counts to the operator only, over 1 to 366 days", async () => {
    expect((await api("/labs/api/views")).status).toBe(401);
    const { data } = await api<Views>("/labs/api/views?days=7", { cookie: await operatorCookie() });
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(6 * 86_400_000);
    const bad = await api("/labs/api/views?days=0", { cookie: await operatorCookie() });
    expect(bad.status).toBe(400);
  });
});
