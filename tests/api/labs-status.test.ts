import { readdirSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { RELEASE_PATTERN } from "@/lib/platform/schemas";
import { api, operatorCookie } from "./client";

// GET /labs/status (docs/contract.md, "Labs"): the release and health for anyone; the
// commit, uptime, database, migrations and counts only for the operator.
const migrations = readdirSync("prisma/migrations", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("GET /labs/status", () => {
  it("tells anyone the release and health, nothing more", async () => {
    const { status, data } = await api<Record<string, unknown>>("/labs/status");
    expect(status).toBe(200);
    expect(data).toEqual({ ok: true, service: "labs", release: expect.stringMatching(RELEASE_PATTERN) });
  });

  it("tells the operator the build, uptime, database and migration state", async () => {
    const { status, data } = await api<Record<string, unknown>>("/labs/status", { cookie: await operatorCookie() });
    expect(status).toBe(200);
    expect(data).toEqual({
      ok: true,
      service: "labs",
      release: expect.stringMatching(RELEASE_PATTERN),
      commit: expect.stringMatching(/^[0-9a-f]{12}$/),
      started_at: expect.stringMatching(/Z$/),
      uptime_seconds: expect.any(Number),
      database: { kind: inject("postgresBase") ? "postgresql" : "pglite", ok: true },
      migrations: { ok: true, applied: migrations, pending: [], failed: [] },
      counts: expect.any(Object),
    });
    expect(Date.parse(data.started_at as string)).toBeLessThanOrEqual(Date.now());
  });

  it("adds the counts per service for the operator", async () => {
    const { data } = await api<{ counts: Record<string, Record<string, number>> }>("/labs/status", {
      cookie: await operatorCookie(),
    });
    expect(Object.keys(data.counts).sort()).toEqual(["ask", "labs", "research", "scan"]);
    expect(data.counts.scan).toEqual({
      cards: expect.any(Number),
      scans: expect.any(Number),
      stores: expect.any(Number),
    });
  });

  it("carries the same release as the OpenAPI document", async () => {
    const [{ data: status }, { data: doc }] = await Promise.all([
      api<{ release: string }>("/labs/status"),
      api<{ info: { version: string } }>("/api/openapi.json"),
    ]);
    expect(doc.info.version).toBe(status.release);
  });
});
