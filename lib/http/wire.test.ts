import { describe, expect, expectTypeOf, it } from "vitest";
import { camelize } from "@/lib/http/wire";

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
