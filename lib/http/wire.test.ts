import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { camelize, isoTime, undeclaredFields } from "@/lib/http/wire";

describe("camelize", () => {
  it("renames a body's snake_case fields for the domain functions and leaves their values", () => {
    const body = { store_id: 7, observed_at: "2026-11-28T10:00:00Z", price: "1.99", drop_percent: null, tax_id_2: "x" };
    const domain = camelize(body);
    expect(domain).toEqual({
      storeId: 7,
      observedAt: "2026-11-28T10:00:00Z",
      price: "1.99",
      dropPercent: null,
      taxId2: "x",
    });
    expectTypeOf(domain).toEqualTypeOf<{
      storeId: number;
      observedAt: string;
      price: string;
      dropPercent: null;
      taxId2: string;
    }>();
  });

  it("renames the top level only: a nested object is a value", () => {
    expect(camelize({ page_context: { user_agent: "x" } })).toEqual({ pageContext: { user_agent: "x" } });
  });
});

describe("undeclaredFields", () => {
  const answer = z.object({
    ok: z.literal(true),
    card: z.object({ id: z.number(), created_at: isoTime }),
    items: z.array(z.object({ code: z.string() })),
    extra: z.looseObject({ kind: z.string() }),
  });

  it("names what an answer sent beyond its schema, however deep", () => {
    const sent = {
      ok: true,
      card: { id: 1, created_at: "2026-11-28T10:00:00.000Z", pin: "1234" },
      items: [{ code: "5601234567890" }, { code: "4006381333931", secret: "x" }],
      extra: { kind: "a", anything: 1 },
      debug: true,
    };
    expect(undeclaredFields(sent, answer.parse(sent))).toEqual(["card.pin", "items.1.secret", "debug"]);
  });

  it("finds nothing in an answer that is exactly its schema", () => {
    const sent = { ok: true, card: { id: 1, created_at: "2026-11-28T10:00:00Z" }, items: [], extra: { kind: "a" } };
    expect(undeclaredFields(sent, answer.parse(sent))).toEqual([]);
  });
});
