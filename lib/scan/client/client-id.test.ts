import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newClientId } from "@/lib/scan/client/client-id";
import { recordScanBody } from "@/lib/scan/schemas";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newClientId", () => {
  it("makes a version 4 UUID without randomUUID (plain http) that the scan body accepts", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const id = newClientId({ getRandomValues: (array) => webcrypto.getRandomValues(array) });
      expect(id).toMatch(UUID_V4);
      ids.add(id);
    }
    expect(ids.size).toBe(200);
    const parsed = recordScanBody.parse({ value: "x", client_id: [...ids][0] });
    expect(parsed.client_id).toBe([...ids][0]);
  });

  it("uses randomUUID where the browser has it", () => {
    expect(newClientId({ getRandomValues: (a) => a, randomUUID: () => "00000000-0000-4000-8000-000000000000" })).toBe(
      "00000000-0000-4000-8000-000000000000",
    );
  });
});
