// What Labs keeps of an Open Food Facts product (docs/open-food-facts.md):
// a name in the person's language, the brands as text, the quantity, a
// front image only at an http(s) address, and the categories. OFF's answers
// vary in shape (tests/fixtures/off): fields go missing or come empty, numbers
// come as strings, brands may come as a list, only a small image may exist.
// Nothing here throws: what cannot be read is left empty.

/** The household's language, asked after the person's own. */
export const HOUSEHOLD_LANGUAGE = "pt";
/** OFF's names in English are the most common after the product's own language. */
const LAST_RESORT_LANGUAGE = "en";

export type OffProduct = { name: string; brand: string; quantity: string; imageUrl: string | null; categories: string };

/** The person's languages, then the household's: the order a name is looked for in. */
export function nameLanguages(asked: readonly string[]): string[] {
  return [...new Set([...asked, HOUSEHOLD_LANGUAGE])];
}

/** The `fields=` of the OFF request: only what readOffProduct reads. */
export function offFields(asked: readonly string[]): string {
  const languages = [...new Set([...nameLanguages(asked), LAST_RESORT_LANGUAGE])];
  const localized = (field: string) => [field, ...languages.map((language) => `${field}_${language}`)];
  return [
    "code",
    ...localized("product_name"),
    ...localized("generic_name"),
    "brands",
    "quantity",
    "product_quantity",
    "product_quantity_unit",
    ...IMAGE_FIELDS,
    "categories",
    ...languages.map((language) => `categories_tags_${language}`),
  ].join(",");
}

const IMAGE_FIELDS = ["image_front_url", "image_url", "image_front_small_url", "image_small_url"] as const;

/**
 * The product as a person would want it stored. The name is the first
 * non-empty of: the name in each asked language, in Portuguese, OFF's main
 * name (in the product's own language), in English; then the generic names
 * in the same order.
 */
export function readOffProduct(product: Record<string, unknown>, asked: readonly string[]): OffProduct {
  const languages = nameLanguages(asked);
  const inOrder = (field: string) => [
    ...languages.map((language) => `${field}_${language}`),
    field,
    `${field}_${LAST_RESORT_LANGUAGE}`,
  ];
  const first = (fields: string[], read: (value: unknown) => string = textOf) => {
    for (const field of fields) {
      const text = read(product[field]);
      if (text) return text;
    }
    return "";
  };
  return {
    name: first([...inOrder("product_name"), ...inOrder("generic_name")]),
    brand: brandsOf(product.brands),
    quantity: textOf(product.quantity) || quantityOf(product.product_quantity, product.product_quantity_unit),
    imageUrl: first([...IMAGE_FIELDS], httpUrlOf) || null,
    categories: first(
      [
        ...languages.map((language) => `categories_tags_${language}`),
        "categories",
        `categories_tags_${LAST_RESORT_LANGUAGE}`,
      ],
      categoriesOf,
    ),
  };
}

/** A string, a number or a list of them as one line of text; anything else is empty. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value.replaceAll("\u0000", "").replace(/\s+/g, " ").trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(", ");
  return "";
}

/** "Nestlé, NESTLÉ ,Nescafé" → "Nestlé, Nescafé": one of each, in OFF's order. */
function brandsOf(value: unknown): string {
  const seen = new Set<string>();
  const brands: string[] = [];
  for (const brand of textOf(value).split(",")) {
    const name = brand.trim();
    const key = name.toLocaleLowerCase("pt");
    if (!name || seen.has(key)) continue;
    seen.add(key);
    brands.push(name);
  }
  return brands.join(", ");
}

/** OFF's parsed quantity (a number, or a number as a string) with its unit; without a unit the number says too little. */
function quantityOf(amount: unknown, unit: unknown): string {
  const number = textOf(amount);
  const unitText = textOf(unit);
  if (!/^\d+(?:[.,]\d+)?$/.test(number) || !unitText) return "";
  return `${number} ${unitText}`;
}

/** Translated category names ("Snacks") as text; tags still in taxonomy form ("fr:sirops") lose their language prefix. */
function categoriesOf(value: unknown): string {
  if (!Array.isArray(value)) return textOf(value);
  return value
    .map((item) => textOf(item).replace(/^[a-z]{2,3}:/, ""))
    .filter(Boolean)
    .join(", ");
}

/** The address when it is an http(s) one; OFF has sent empty and relative image fields. */
function httpUrlOf(value: unknown): string {
  const text = textOf(value);
  return /^https?:\/\//i.test(text) && URL.canParse(text) ? text : "";
}
