import { describe, expect, it } from "vitest";
import { negotiateLocale, requestLocale } from "@/lib/i18n/locales";

describe("negotiateLocale", () => {
  it("takes the switcher's cookie first", () => {
    expect(negotiateLocale("en", "pt-PT,pt;q=0.9")).toBe("en");
    expect(negotiateLocale("pt-PT", "en-GB")).toBe("pt-PT");
  });

  it("ignores a cookie that names no language of ours", () => {
    expect(negotiateLocale("fr", "en-US")).toBe("en");
    expect(negotiateLocale("<script>", undefined)).toBe("pt-PT");
  });

  it("reads Accept-Language in order of weight, any Portuguese as pt-PT", () => {
    expect(negotiateLocale(undefined, "de-DE, en;q=0.5, pt;q=0.8")).toBe("pt-PT");
    expect(negotiateLocale(undefined, "pt-BR")).toBe("pt-PT");
    expect(negotiateLocale(undefined, "fr, en-GB;q=0.3")).toBe("en");
  });

  it("falls back to Portuguese, the household's language", () => {
    expect(negotiateLocale(undefined, undefined)).toBe("pt-PT");
    expect(negotiateLocale(undefined, "de, fr")).toBe("pt-PT");
    expect(negotiateLocale(undefined, "en;q=0")).toBe("pt-PT");
  });

  it("reads a raw request's cookie and header", () => {
    const request = new Request("http://labs.test/", {
      headers: { cookie: "labs_op=x; labs_locale=en", "accept-language": "pt-PT" },
    });
    expect(requestLocale(request)).toBe("en");
    expect(requestLocale(new Request("http://labs.test/", { headers: { "accept-language": "en" } }))).toBe("en");
  });
});
