import "server-only";
import { originLabel, type Origin } from "@/lib/auth/origin";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText } from "@/lib/http/errors";
import type { Camelized } from "@/lib/http/wire";
import { upsertPerson } from "@/lib/scan/people";
import { ensureProduct } from "@/lib/scan/products";
import type { CreateWatchBody, WatchJson } from "@/lib/watches/schemas";

// Watches (docs/contract.md, "Watches"): a price someone waits for. What
// hits one is in lib/research/record-observation.ts (in the observe
// statement) and lib/watches/hit-watches.ts (shop prices).

/** The most watches strangers may keep: each is looked at by every price of its item. */
export const ANONYMOUS_WATCHES_MAX = 200;
/** The most a list answers, newest first: far above any household's. */
const WATCHES_LISTED = 200;

export async function createWatch(watch: Camelized<CreateWatchBody>, origin: Origin): Promise<number> {
  if (origin.kind === "anonymous") {
    const count = await db().watch.count({ where: { origin: "anonymous" } });
    if (count >= ANONYMOUS_WATCHES_MAX) throw new AppError("conflict", errorText("watches.tooMany", { count }));
  }
  let itemId: number | null = null;
  let productId: number | null = null;
  if (watch.researchItemId !== undefined) {
    const item = await db().item.findUnique({ where: { id: watch.researchItemId }, select: { id: true } });
    if (!item) throw new AppError("not_found", errorText("watches.itemNotFound", { id: watch.researchItemId }));
    itemId = item.id;
  } else {
    productId = (await ensureProduct({ code: watch.productCode ?? "" })).id;
  }
  const personId = watch.person === undefined ? null : (await upsertPerson({ name: watch.person })).id;
  const created = await db().watch.create({
    data: {
      itemId,
      productId,
      below: watch.below ?? null,
      dropPercent: watch.dropPercent ?? null,
      personId,
      origin: originLabel(origin),
    },
    select: { id: true },
  });
  return created.id;
}

export async function deleteWatch(id: number): Promise<void> {
  const { count } = await db().watch.deleteMany({ where: { id } });
  if (count === 0) throw new AppError("not_found", errorText("watches.notFound", { id }));
}

export async function listWatches(filter: { researchItemId?: number; productCode?: string }): Promise<WatchJson[]> {
  const where: Prisma.WatchWhereInput = {
    ...(filter.researchItemId !== undefined ? { itemId: filter.researchItemId } : {}),
    ...(filter.productCode !== undefined ? { product: { code: filter.productCode } } : {}),
  };
  const rows = await db().watch.findMany({
    where,
    orderBy: { id: "desc" },
    take: WATCHES_LISTED,
    include: { item: { select: { name: true } }, product: { select: { code: true, name: true } }, person: true },
  });
  return rows.map((row) => ({
    id: row.id,
    research_item_id: row.itemId,
    product_code: row.product?.code ?? null,
    name: row.item?.name ?? (row.product?.name || row.product?.code) ?? "",
    below: row.below?.toFixed(2) ?? null,
    drop_percent: row.dropPercent === null ? null : Number(row.dropPercent),
    person: row.person?.name ?? null,
    last_hit_price: row.lastHitPrice?.toFixed(2) ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}
