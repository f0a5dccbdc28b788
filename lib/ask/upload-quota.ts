import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { clientNetwork } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";
import type { Origin } from "@/lib/auth/origin";
import { LOG_REQUEST_MAX_BYTES } from "@/lib/ask/schemas";

// Anonymous uploads (docs/decisions/005-origins-and-anonymous-limits.md): a
// stranger's attachments are admitted before a byte of the body is read,
// against two limits: what one client may send a UTC day
// (ASK_ANON_UPLOAD_MB_PER_DAY, counted in anon_upload_usage by one atomic
// upsert that never lets the count pass the limit) and what all anonymous
// attachments may keep in the database (ASK_UPLOAD_TOTAL_MB). The household
// (operator, keys, paired devices, this machine) is not counted.

const MIB = 1024 * 1024;
/** The multipart framing around the files; a request without Content-Length is counted at the most it may be. */
const MULTIPART_OVERHEAD = 256 * 1024;

/** Counts an anonymous multipart capture against the quotas, or refuses it (413 or 429). */
export async function admitUpload(request: Request, origin: Origin, now = new Date()): Promise<void> {
  if (origin.kind !== "anonymous") return;
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return;
  const declared = Number(request.headers.get("content-length") ?? "");
  const bytes = Number.isSafeInteger(declared) && declared >= 0 ? declared : LOG_REQUEST_MAX_BYTES + MULTIPART_OVERHEAD;
  await assertRoomForAnonymousUploads(bytes);
  await reserveDailyUpload({ client: origin.client, bytes, now });
}

async function assertRoomForAnonymousUploads(bytes: number): Promise<void> {
  const cap = env().ASK_UPLOAD_TOTAL_MB * MIB;
  const [row] = await db().$queryRaw<{ stored: number }[]>`
    SELECT COALESCE(sum(a.size), 0)::float8 AS stored
    FROM attachment a JOIN todo t ON t.id = a.todo_id
    WHERE t.origin = 'anonymous'`;
  if ((row?.stored ?? 0) + bytes <= cap) return;
  throw new AppError("payload_too_large", errorText("ask.visitorQuotaFull", { mib: env().ASK_UPLOAD_TOTAL_MB }));
}

async function reserveDailyUpload({ client, bytes, now }: { client: string; bytes: number; now: Date }) {
  const perDay = env().ASK_ANON_UPLOAD_MB_PER_DAY * MIB;
  const day = now.toISOString().slice(0, 10);
  const retryAfter = Math.max(1, Math.ceil((Date.parse(`${day}T00:00:00Z`) + 86_400_000 - now.getTime()) / 1000));
  const refusal = () =>
    new AppError("rate_limited", errorText("ask.dailyUploadLimit", { mib: env().ASK_ANON_UPLOAD_MB_PER_DAY }), {
      headers: { "retry-after": String(retryAfter) },
    });
  if (bytes > perDay) throw refusal();
  const [row] = await db().$queryRaw<{ created: boolean }[]>`
    INSERT INTO anon_upload_usage (client, day, bytes) VALUES (${clientNetwork(client)}, ${day}, ${bytes}::bigint)
    ON CONFLICT (client, day) DO UPDATE SET bytes = anon_upload_usage.bytes + EXCLUDED.bytes
    WHERE anon_upload_usage.bytes + EXCLUDED.bytes <= ${perDay}::bigint
    RETURNING (xmax = 0) AS created`;
  if (!row) throw refusal();
  // The first upload of a day drops the days before it.
  if (row.created) await db().$executeRaw`DELETE FROM anon_upload_usage WHERE day < ${day}`;
}
