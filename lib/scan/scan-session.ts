import "server-only";
import { randomBytes } from "node:crypto";
import { isHttps } from "@/lib/http/client-address";
import { readCookie } from "@/lib/http/cookies";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { nextCounterValue, yymmdd } from "@/lib/db/daily-counter";
import { pageOf } from "@/lib/http/paging";
import { SESSION_ID_PATTERN, SESSION_SCANS_PAGE } from "@/lib/scan/schemas";
import { REFUND_DOC_TYPES, SALE_DOC_TYPES, UNCOUNTED_STATUSES } from "@/lib/scan/fatura-totals";
import { invoiceJson, iso, money, scanJson, storeJson } from "@/lib/scan/shapes";

// Scan sessions (docs/contract.md, "Scan decisions"): open until `POST session/end` or
// two hours without a scan. The caller's session comes from the body's
// `session_id`, else the `scan_sid` cookie, else a new one is opened.

export const SCAN_SESSION_COOKIE = "scan_sid";
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
// The cookie only names the session; whether it is still open is decided in
// the database, so the cookie may outlive it.
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The session a request names: the body's `session_id`, else a well-formed `scan_sid` cookie. */
export function callerSessionId(request: Request, bodySessionId: string | null | undefined): string | null {
  const cookie = readScanSessionCookie(request);
  return bodySessionId ?? (cookie && SESSION_ID_PATTERN.test(cookie) ? cookie : null);
}

export type ResolveScanSessionOptions = { candidate?: string | null; now?: Date };

/**
 * The id of the session a scan goes into. Reusing a session is one guarded
 * UPDATE (open and not idle) that also bumps `last_scan_at`, so a session can
 * never be revived after it ended or expired.
 */
export async function resolveScanSession({ candidate, now = new Date() }: ResolveScanSessionOptions): Promise<string> {
  if (candidate) {
    const { count } = await db().scanSession.updateMany({
      where: { id: candidate, endedAt: null, lastScanAt: { gt: new Date(now.getTime() - SESSION_IDLE_MS) } },
      data: { lastScanAt: now },
    });
    if (count === 1) return candidate;
  }
  return openScanSession({ now });
}

/**
 * Opens a session with id `S-<yymmdd>-<n>-<secret>`: n counted per UTC day in
 * the database (the label people see), then 128 random bits.
 */
export async function openScanSession({ now = new Date() }: { now?: Date } = {}): Promise<string> {
  const day = yymmdd(now);
  const n = await nextCounterValue({ scope: "scan-session", day });
  const id = `S-${day}-${n}-${randomBytes(16).toString("base64url")}`;
  await db().scanSession.create({ data: { id, startedAt: now, lastScanAt: now } });
  return id;
}

export function sessionState(session: { endedAt: Date | null; lastScanAt: Date }, now = new Date()) {
  if (session.endedAt) return "ended" as const;
  if (session.lastScanAt.getTime() <= now.getTime() - SESSION_IDLE_MS) return "expired" as const;
  return "open" as const;
}

const scanDetails = {
  store: { select: { id: true, name: true, country: true, taxId: true } },
  invoice: { include: { vatLines: { orderBy: { id: "asc" } } } },
} as const satisfies Prisma.ScanInclude;

export type GetScanSessionDetailOptions = {
  id: string;
  now?: Date;
  /** How many scans, the latest first. */
  limit?: number;
  /** Only scans older than this position (the `next` of the page before). */
  cursor?: [number];
};

/**
 * A session with its latest `limit` scans (oldest first, as before paging)
 * and their invoices; `totals` and the store cover the whole session, counted
 * in the database. Scans are public to record, so a session may hold
 * thousands: the answer never does.
 */
export async function getScanSessionDetail({
  id,
  now = new Date(),
  limit = SESSION_SCANS_PAGE.fallback,
  cursor,
}: GetScanSessionDetailOptions) {
  const session = await db().scanSession.findUnique({ where: { id } });
  if (!session) throw new AppError("not_found", errorText("scan.sessionNotFound", { id }));

  const ofSession = { sessionId: id };
  const [newestFirst, kinds, invoiceTotals, latestStore] = await Promise.all([
    db().scan.findMany({
      where: { ...ofSession, ...(cursor ? { id: { lt: cursor[0] } } : {}) },
      include: scanDetails,
      orderBy: { id: "desc" },
      take: limit + 1,
    }),
    db().scan.groupBy({ by: ["kind"], where: ofSession, _count: { _all: true } }),
    sumInvoices(id),
    // The session's store: the one attached to its latest scan that has one.
    db().scan.findFirst({
      where: { ...ofSession, storeId: { not: null } },
      orderBy: { id: "desc" },
      select: { store: scanDetails.store },
    }),
  ]);
  const page = pageOf(newestFirst, limit, (scan) => [scan.id]);
  const scans = page.rows.reverse();

  const byKind: Record<string, number> = {};
  let scanCount = 0;
  for (const { kind, _count } of kinds) {
    byKind[kind] = _count._all;
    scanCount += _count._all;
  }
  const store = latestStore?.store ?? null;

  return {
    session: sessionJson(session, now),
    store: store ? storeJson(store) : null,
    scans: scans.map(scanJson),
    invoices: scans.flatMap((scan) => (scan.invoice ? [invoiceJson(scan.invoice)] : [])),
    next: page.next,
    totals: {
      scans: scanCount,
      by_kind: byKind,
      invoices: invoiceTotals.invoices,
      parsed_invoices: invoiceTotals.parsed,
      gross_total: money(new Prisma.Decimal(invoiceTotals.gross_total)),
      total_tax: money(new Prisma.Decimal(invoiceTotals.total_tax)),
    },
  };
}

/**
 * A session's invoices, those read without error, and what they add up to:
 * sales less refunds, leaving out cancelled and self-billed documents and
 * anything that is not a sale (lib/scan/fatura-totals.ts). One query.
 */
async function sumInvoices(sessionId: string) {
  const counted = Prisma.sql`i.parse_error IS NULL AND i.gross_total IS NOT NULL`;
  const sign = Prisma.sql`CASE
    WHEN i.doc_status IS NULL OR i.doc_status IN (${Prisma.join(UNCOUNTED_STATUSES)}) THEN 0
    WHEN i.doc_type IN (${Prisma.join(SALE_DOC_TYPES)}) THEN 1
    WHEN i.doc_type IN (${Prisma.join(REFUND_DOC_TYPES)}) THEN -1
    ELSE 0 END`;
  const [totals] = await db().$queryRaw<
    { invoices: number; parsed: number; gross_total: Prisma.Decimal | string; total_tax: Prisma.Decimal | string }[]
  >`
    SELECT count(*)::int AS invoices,
           (count(*) FILTER (WHERE ${counted}))::int AS parsed,
           COALESCE(sum((${sign}) * i.gross_total) FILTER (WHERE ${counted}), 0) AS gross_total,
           COALESCE(sum((${sign}) * i.total_tax) FILTER (WHERE ${counted}), 0) AS total_tax
    FROM invoice i JOIN scan s ON s.id = i.scan_id
    WHERE s.session_id = ${sessionId}`;
  return totals!;
}

/** Ends a session; ending an ended one again is a no-op. */
export async function endScanSession({ id, now = new Date() }: { id: string; now?: Date }) {
  await db().scanSession.updateMany({ where: { id, endedAt: null }, data: { endedAt: now } });
  const session = await db().scanSession.findUnique({ where: { id } });
  if (!session) throw new AppError("not_found", errorText("scan.sessionNotFound", { id }));
  return sessionJson(session, now);
}

function sessionJson(session: { id: string; startedAt: Date; lastScanAt: Date; endedAt: Date | null }, now: Date) {
  return {
    id: session.id,
    state: sessionState(session, now),
    started_at: iso(session.startedAt),
    last_scan_at: iso(session.lastScanAt),
    ended_at: iso(session.endedAt),
  };
}

export function readScanSessionCookie(request: Request): string | undefined {
  return readCookie(request, SCAN_SESSION_COOKIE);
}

export function scanSessionCookie(request: Request, id: string | null): string {
  // Path=/ and not /base-scan: the variant pages (/b/base-scan/session, …)
  // read it on the server too.
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax"];
  attributes.push(id ? `Max-Age=${COOKIE_MAX_AGE_SECONDS}` : "Max-Age=0");
  if (isHttps(request)) attributes.push("Secure");
  return [`${SCAN_SESSION_COOKIE}=${id ?? ""}`, ...attributes].join("; ");
}
