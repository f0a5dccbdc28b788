import { describe, expect, it } from "vitest";
import { DASHBOARD_TOP, dashboardResponse, type Dashboard } from "@/lib/labs/schemas";
import { api, operatorCookie } from "./client";
import { unique } from "@/tests/support/factories";

// GET /labs/api/dashboard: what the operator dashboard at / refreshes from.
// Operator only; its answer matches dashboardResponse (the test server also
// checks every answer against it); each list stops at five. The API suites
// share one server, so counts are at least what this file made.

async function post<T = Record<string, unknown>>(path: string, json: unknown, cookie?: string) {
  const result = await api<T>(path, { method: "POST", json, ...(cookie ? { cookie } : {}) });
  expect(result.status, `${path}: ${result.text}`).toBeLessThan(300);
  return result.data;
}

async function dashboard(headers: Record<string, string>) {
  const { status, data, text } = await api<Dashboard>("/labs/api/dashboard", { headers });
  expect(status, text).toBe(200);
  return dashboardResponse.parse(data);
}

describe("GET /labs/api/dashboard", () => {
  it("refuses an anonymous caller, and any key", async () => {
    const anonymous = await api("/labs/api/dashboard");
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    const keyed = await api("/labs/api/dashboard", { headers: { authorization: "Bearer labs_not_a_key_at_all" } });
    expect(keyed.status).toBe(403);
    expect(keyed.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
  });

  it("answers the operator's cookie, and refuses an API key: it is the operator's page", async () => {
    const cookie = await operatorCookie();
    const data = await dashboard({ cookie });
    expect(data.health).toMatchObject({ ok: true, database: { ok: true } });
    expect(data.health.services.map((service) => service.service)).toEqual(["scan", "ask", "research", "labs"]);
    expect(Date.parse(data.generated_at)).toBeLessThanOrEqual(Date.now());

    const minted = await post<{ key: string }>(
      "/labs/api/keys",
      { name: unique("dashboard agent"), scopes: ["research", "ask", "scan"] },
      cookie,
    );
    const keyed = await api("/labs/api/dashboard", { headers: { authorization: `Bearer ${minted.key}` } });
    expect(keyed.status).toBe(403);
  });

  it(`lists at most ${DASHBOARD_TOP} of each list, with the full counts`, async () => {
    const cookie = await operatorCookie();
    const made = DASHBOARD_TOP + 2;
    for (let i = 0; i < made; i++) {
      await post("/api/core-ask/log", { text: unique(`pending ${i}`), priority: 1 });
      const decision = await post<{ id: number }>("/api/core-ask/log", { text: unique(`decide ${i}`) });
      await post(`/api/core-ask/${decision.id}/update`, { status: "needs_decision", response: "A or B?" }, cookie);
      const item_name = unique(`item ${i}`);
      await post("/base-research/api/observe", { item_name, source: "A", price: "20,00" });
      await post("/base-research/api/observe", { item_name, source: "A", price: "15,00" });
      await post("/base-research/api/observe", { item_name, source: "B", availability: "oos" });
      await post("/base-research/api/note", { content: unique(`note ${i}`) });
    }

    const data = await dashboard({ cookie });
    for (const list of [data.ask.pending, data.ask.decisions]) {
      expect(list.todos).toHaveLength(DASHBOARD_TOP);
      expect(list.count).toBeGreaterThanOrEqual(made);
    }
    for (const list of [data.research.recent, data.research.drops, data.research.oos, data.research.notes]) {
      expect(list).toHaveLength(DASHBOARD_TOP);
    }
    expect(data.research.oos_count).toBeGreaterThanOrEqual(made);
    expect(data.research.counts.items).toBeGreaterThanOrEqual(made);
  });

  it("shows the caller's own scan session, named by its scan_sid cookie", async () => {
    const cookie = await operatorCookie();
    const value = unique("dashboard scan");
    const scan = await post<{ session_id: string }>("/base-scan/api/scan", { value });
    // Someone else scans afterwards, into a session of their own.
    await post("/base-scan/api/scan", { value: unique("another phone") });

    const mine = await dashboard({ cookie: `${cookie}; scan_sid=${scan.session_id}` });
    expect(mine.scan.session).toMatchObject({ id: scan.session_id, mine: true, state: "open", scans: 1 });
    expect(mine.scan.session?.recent_scans[0]).toMatchObject({ value, session_id: scan.session_id });
    expect(mine.scan.scans_today).toBeGreaterThanOrEqual(2);

    const latest = await dashboard({ cookie });
    expect(latest.scan.session).toMatchObject({ mine: false });
    expect(latest.scan.session?.id).not.toBe(scan.session_id);
  });
});
