import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { nextCounterValue } from "@/lib/db/daily-counter";
import type { Camelized } from "@/lib/http/wire";
import type { CreateManualProductBody } from "@/lib/scan/schemas";
import { foldText, searchTextOf } from "@/lib/scan/search-text";
import { productJson } from "@/lib/scan/shapes";

const SEARCH_LIMIT = 50;

/**
 * The product with that code, created bare (source `scan`) if unknown. One
 * INSERT … ON CONFLICT, safe under concurrent scans of the same code.
 */
export async function ensureProduct({ code }: { code: string }): Promise<{ id: number }> {
  const rows = await db().$queryRaw<{ id: number }[]>`
    INSERT INTO product (code, source, search_text, updated_at)
    VALUES (${code}, 'scan', ${searchTextOf({ name: "", brand: "", code })}, now())
    ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code
    RETURNING id`;
  const row = rows[0];
  if (!row) throw new Error("product upsert returned no row");
  return row;
}

/**
 * A product without a barcode, coded `MAN-<n>`. n comes from one global
 * counter row incremented atomically, so codes stay unique under concurrency.
 */
export async function createManualProduct(product: Camelized<CreateManualProductBody>) {
  const n = await nextCounterValue({ scope: "product-manual", day: "all" });
  const code = `MAN-${n}`;
  const name = product.name;
  const brand = product.brand ?? "";
  const created = await db().product.create({
    data: {
      code,
      name,
      brand,
      quantity: product.quantity ?? "",
      categories: product.categories ?? "",
      imageUrl: product.imageUrl ?? null,
      source: "manual",
      searchText: searchTextOf({ name, brand, code }),
    },
  });
  return productJson(created);
}

/**
 * Case- and accent-insensitive search over name, brand and code: every word
 * of the query must occur in `search_text` ("pao forma" finds "Pão de Forma").
 */
export async function searchProducts({ q }: { q: string }) {
  const words = foldText(q).split(" ").filter(Boolean).slice(0, 10);
  if (words.length === 0) return [];
  const products = await db().product.findMany({
    // Prisma sends `contains` as LIKE '%…%' without escaping; backslash is
    // PostgreSQL's default LIKE escape, so % and _ in a query stay literal.
    where: { AND: words.map((word) => ({ searchText: { contains: word.replace(/[\\%_]/g, "\\$&") } })) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: SEARCH_LIMIT,
  });
  return products.map(productJson);
}

/** The product with that code, or null: pages linking to a product by code show its name. */
export async function findProduct({ code }: { code: string }) {
  const product = await db().product.findUnique({ where: { code } });
  return product ? productJson(product) : null;
}

/** One product by its code (barcode or MAN-<n>). */
export async function getProductOrThrow({ code }: { code: string }) {
  const product = await findProduct({ code });
  if (!product) throw new AppError("not_found", errorText("scan.productNotFound", { code }));
  return product;
}
