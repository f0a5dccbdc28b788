import { describe, expect, it } from "vitest";
import { api } from "./client";

describe("health checks", () => {
  it.each(["/base-scan/healthz", "/core-ask/healthz", "/base-ask/healthz", "/labs/healthz"])(
    "%s answers 200 after a database round trip",
    async (path) => {
      const { status, data } = await api(path);
      expect(status).toBe(200);
      expect(data).toEqual({ ok: true, service: path.split("/")[1], db: "ok" });
    },
  );
});
