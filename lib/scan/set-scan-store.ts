import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { scanJson } from "@/lib/scan/shapes";
import { getStoreOrThrow } from "@/lib/scan/stores";

/**
 * Attaches a store to a scan, or removes it with `storeId: null` (seed part 3).
 * A fatura's invoice follows its scan.
 */
export async function setScanStore({ scanId, storeId }: { scanId: number; storeId: number | null }) {
  if (storeId !== null) await getStoreOrThrow({ id: storeId });
  const [{ count }] = await db().$transaction([
    db().scan.updateMany({ where: { id: scanId }, data: { storeId } }),
    db().invoice.updateMany({ where: { scanId }, data: { storeId } }),
  ]);
  if (count === 0) throw new AppError("not_found", `There is no scan with id ${scanId}.`);
  const scan = await db().scan.findUniqueOrThrow({
    where: { id: scanId },
    include: { store: { select: { name: true } } },
  });
  return scanJson(scan);
}
