// Product search is case- and accent-insensitive (docs/contract.md, "Scan decisions":
// `pao` finds `Pão`). `product.search_text` holds the folded name, brand and
// code, rewritten on every write of those fields; queries are folded alike.

/** Lower case without accents or extra spaces: "Pão  de Forma" → "pao de forma". */
export function foldText(value: string): string {
  return value.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** `product.search_text` for a product. */
export function searchTextOf(product: { name: string; brand: string; code: string }): string {
  return foldText(`${product.name} ${product.brand} ${product.code}`);
}
