import { describe, expect, it } from "vitest";
import { nameLanguages, offFields, readOffProduct, textOf } from "@/lib/scan/off-product";

// The saved real answers run through the HTTP route in
// tests/api/scan-off-corpus.test.ts; these cover the choices one by one.

const names = {
  product_name: "Oat drink",
  product_name_pt: "Bebida de aveia",
  product_name_fr: "Boisson à l'avoine",
  product_name_en: "Oat drink (EN)",
};

describe("readOffProduct: the name", () => {
  it.each<[string, string[], Record<string, unknown>, string]>([
    ["the asker's language first", ["fr"], names, "Boisson à l'avoine"],
    ["then the household's (Portuguese)", ["de"], names, "Bebida de aveia"],
    ["with no language asked, Portuguese", [], names, "Bebida de aveia"],
    ["then OFF's main name", ["de"], { ...names, product_name_pt: "" }, "Oat drink"],
    ["then English", ["de"], { product_name_en: "Oat drink (EN)", product_name: "  " }, "Oat drink (EN)"],
    [
      "skipping empty names in the asked language",
      ["en"],
      { product_name_en: "", product_name: "sirop d agave" },
      "sirop d agave",
    ],
    ["a generic name when there is no name at all", ["fr"], { generic_name_fr: "Cacao en poudre" }, "Cacao en poudre"],
    ["nothing when OFF has no name", ["pt"], { code: "1223435" }, ""],
  ])("%s", (_case, asked, product, expected) => {
    expect(readOffProduct(product, asked).name).toBe(expected);
  });
});

describe("readOffProduct: other fields", () => {
  it("joins brands given as a list or a string, once each", () => {
    expect(readOffProduct({ brands: ["Poulain", "Nestlé"] }, []).brand).toBe("Poulain, Nestlé");
    expect(readOffProduct({ brands: "NESTLÉ,Nestlé Brasil, nestlé ,," }, []).brand).toBe("NESTLÉ, Nestlé Brasil");
    expect(readOffProduct({ brands: 7 }, []).brand).toBe("7");
    expect(readOffProduct({ brands: { name: "x" } }, []).brand).toBe("");
  });

  it("takes the quantity text, else OFF's parsed quantity with its unit", () => {
    expect(readOffProduct({ quantity: "800 g", product_quantity: 800 }, []).quantity).toBe("800 g");
    expect(readOffProduct({ product_quantity: 100, product_quantity_unit: "g" }, []).quantity).toBe("100 g");
    expect(readOffProduct({ product_quantity: "350", product_quantity_unit: "ml" }, []).quantity).toBe("350 ml");
    expect(readOffProduct({ product_quantity: 800 }, []).quantity).toBe("");
    expect(readOffProduct({ product_quantity: "a lot", product_quantity_unit: "g" }, []).quantity).toBe("");
  });

  it("keeps the first http(s) image, the front one first", () => {
    const front = "https://images.openfoodfacts.org/images/products/560/353/320/0005/front_pt.77.400.jpg";
    const small = "https://images.openfoodfacts.org/images/products/560/353/320/0005/front_pt.77.200.jpg";
    expect(readOffProduct({ image_front_url: front, image_front_small_url: small }, []).imageUrl).toBe(front);
    expect(readOffProduct({ image_front_url: "", image_front_small_url: small }, []).imageUrl).toBe(small);
    expect(readOffProduct({ image_front_url: "//images.openfoodfacts.org/x.jpg" }, []).imageUrl).toBeNull();
    expect(readOffProduct({ image_url: "javascript:alert(1)" }, []).imageUrl).toBeNull();
    expect(readOffProduct({ image_url: null }, []).imageUrl).toBeNull();
  });

  it("prefers category names translated to the asker's language, then OFF's text, then English", () => {
    const product = {
      categories: "Boissons, Snacks",
      categories_tags_en: ["Beverages", "Snacks"],
      categories_tags_pt: ["Bebidas", "fr:sirops-traditionnels"],
    };
    expect(readOffProduct(product, []).categories).toBe("Bebidas, sirops-traditionnels");
    expect(readOffProduct({ ...product, categories_tags_pt: [] }, []).categories).toBe("Boissons, Snacks");
    expect(readOffProduct({ categories_tags_en: ["Beverages"] }, ["fr"]).categories).toBe("Beverages");
  });

  it("never throws on odd values", () => {
    const odd = { product_name: ["A", 1, null], brands: null, quantity: {}, image_url: 5, categories: [[], "x"] };
    expect(readOffProduct(odd, ["pt"])).toEqual({
      name: "A, 1",
      brand: "",
      quantity: "",
      imageUrl: null,
      categories: "x",
    });
  });
});

describe("helpers", () => {
  it("asks OFF for the names in every language it may use", () => {
    const fields = offFields(["fr"]).split(",");
    for (const field of [
      "product_name",
      "product_name_fr",
      "product_name_pt",
      "product_name_en",
      "categories_tags_fr",
    ]) {
      expect(fields).toContain(field);
    }
    expect(new Set(fields).size).toBe(fields.length);
  });

  it("orders languages: the asker's, then Portuguese, once", () => {
    expect(nameLanguages(["pt", "en"])).toEqual(["pt", "en"]);
    expect(nameLanguages(["en"])).toEqual(["en", "pt"]);
  });

  it("reads text", () => {
    expect(textOf("  Bolachas\u0000  Maria \n")).toBe("Bolachas Maria");
    expect(textOf(Number.NaN)).toBe("");
  });
});
