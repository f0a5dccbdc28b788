import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { scanJson } from "@/lib/scan/shapes";
import { getStoreOrThrow } from "@/lib/scan/stores";

/** Which scans a caller may change: any (the household), or only those of the session it holds. */
export type ScanReach = "any" | { sessionId: string | null };

/**
 * Attaches a store to a scan, or removes it with `storeId: null` (docs/contract.md, "States").
 * A fatura's invoice follows its scan. Scan ids count up, so a stranger
 * reaches only the scans of the session it holds (its unguessable id): any
 * other scan, like one that does not exist, is not found
 * (docs/decisions/005-origins-and-anonymous-limits.md).
 */
export async function setScanStore({
  scanId,
  storeId,
  reach,
}: {
  scanId: number;
  storeId: number | null;
  reach: ScanReach;
}) {
  if (storeId !== null) await getStoreOrThrow({ id: storeId });
  const notFound = new AppError("not_found", errorText("scan.scanNotInSession", { id: scanId }));
  if (reach !== "any" && reach.sessionId === null) throw notFound;
  const inSession = reach === "any" ? {} : { sessionId: reach.sessionId! };
  const [{ count }] = await db().$transaction([
    db().scan.updateMany({ where: { id: scanId, ...inSession }, data: { storeId } }),
    db().invoice.updateMany({ where: { scanId, scan: inSession }, data: { storeId } }),
  ]);
  if (count === 0) throw notFound;
  const scan = await db().scan.findUniqueOrThrow({
    where: { id: scanId },
    include: { store: { select: { name: true } } },
  });
  return scanJson(scan);
}
