import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { cleanName, nameKey } from "@/lib/names";
import { pageOf } from "@/lib/http/paging";
import { STORES_PAGE, type StorePosition } from "@/lib/scan/schemas";
import { storeJson } from "@/lib/scan/shapes";

export type CreateStoreOptions = {
  name: string;
  country?: string;
  taxId?: string | null;
};

/**
 * Returns the store with that name (case-insensitive), creating it if needed.
 * One atomic INSERT … ON CONFLICT on the unique `name_key`, so any number of
 * concurrent callers get the same id. A tax id is only filled in where the
 * existing store has none.
 */
export async function createStore({ name, country = "PT", taxId = null }: CreateStoreOptions) {
  const clean = cleanName(name);
  const rows = await db().$queryRaw<
    { id: number; name: string; country: string; tax_id: string | null; created: boolean }[]
  >`
    INSERT INTO store (name, name_key, country, tax_id)
    VALUES (${clean}, ${nameKey(clean)}, ${country}, ${taxId})
    ON CONFLICT (name_key) DO UPDATE SET tax_id = COALESCE(store.tax_id, EXCLUDED.tax_id)
    RETURNING id, name, country, tax_id, (xmax::text = '0') AS created`;
  const row = rows[0];
  if (!row) throw new Error("store upsert returned no row");
  return {
    store: storeJson({ id: row.id, name: row.name, country: row.country, taxId: row.tax_id }),
    created: row.created,
  };
}

export type ListStoresOptions = { limit?: number; cursor?: StorePosition };

/**
 * A page of stores by name (docs/decisions/006-bounded-lists.md): anyone can
 * create stores, so the list never answers all of them at once. The page is
 * read from the unique index on `name_key`, from after the cursor's store.
 */
export async function listStores({ limit = STORES_PAGE.fallback, cursor }: ListStoresOptions = {}) {
  const rows = await db().store.findMany({
    select: { id: true, name: true, nameKey: true, country: true, taxId: true },
    where: cursor ? { OR: [{ nameKey: { gt: cursor[0] } }, { nameKey: cursor[0], id: { gt: cursor[1] } }] } : undefined,
    orderBy: [{ nameKey: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, (row) => [row.nameKey, row.id]);
  return { stores: page.rows.map(storeJson), next: page.next };
}

export async function getStoreOrThrow({ id }: { id: number }) {
  const store = await db().store.findUnique({
    where: { id },
    select: { id: true, name: true, country: true, taxId: true },
  });
  if (!store) throw new AppError("not_found", errorText("scan.storeNotFound", { id }));
  return store;
}
