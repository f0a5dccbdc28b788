import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { readMemberSeal } from "@/lib/auth/member-seal";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import type { PairedDeviceJson } from "@/lib/platform/schemas";

// Paired devices (LABS_ACCESS=household, docs/decisions/004-household-mode.md):
// the operator makes a one-time pairing code, shown as a QR code; the phone
// that opens it gets a `labs_member` cookie naming its device row.

export const PAIRING_TTL_SECONDS = 10 * 60;
/** A device's last use is written at most this often, not on every request. */
const LAST_USE_RESOLUTION_MS = 60_000;

const hashCode = (code: string) => createHash("sha256").update(code, "utf8").digest("hex");
const isPairingCode = (code: string) => /^[A-Za-z0-9_-]{43}$/.test(code);

/** The answer to a code that is unknown, used or expired: the same for all three. */
export function pairingGone(): AppError {
  return new AppError("not_found", errorText("labs.pairingGone"));
}

/** A new one-time pairing code for a device to be called `name`; only its hash is stored. */
export async function createPairing(options: { name: string; now?: Date }): Promise<{ code: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const code = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PAIRING_TTL_SECONDS * 1000);
  await db().$transaction([
    db().devicePairing.create({ data: { hash: hashCode(code), name: options.name, expiresAt } }),
    // Codes past their time are of no use to anyone.
    db().devicePairing.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } } }),
  ]);
  return { code, expiresAt };
}

/** The device name a code would pair, while the code is unused and in time; else null. */
export async function peekPairing(options: { code: string; now?: Date }): Promise<string | null> {
  if (!isPairingCode(options.code)) return null;
  const row = await db().devicePairing.findFirst({
    where: { hash: hashCode(options.code), usedAt: null, expiresAt: { gt: options.now ?? new Date() } },
    select: { name: true },
  });
  return row?.name ?? null;
}

/**
 * Uses a pairing code, once: the first caller gets a new device, any other
 * (a second phone, a replay, an expired code) a 404.
 */
export async function pairDevice(options: { code: string; now?: Date }): Promise<{ id: number; name: string }> {
  const now = options.now ?? new Date();
  if (!isPairingCode(options.code)) throw pairingGone();
  const [pairing] = await db().devicePairing.updateManyAndReturn({
    where: { hash: hashCode(options.code), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { name: true },
  });
  if (!pairing) throw pairingGone();
  return db().pairedDevice.create({ data: { name: pairing.name }, select: { id: true, name: true } });
}

/** Whether a `labs_member` seal names a paired device that is not revoked; notes its use. */
export async function hasMemberSession(seal: string | undefined, now = new Date()): Promise<boolean> {
  return (await findMemberDevice(seal, now)) !== null;
}

/** The paired device a `labs_member` seal names, unless revoked; notes its use. */
export async function findMemberDevice(
  seal: string | undefined,
  now = new Date(),
): Promise<{ id: number; name: string } | null> {
  const id = await readMemberSeal(seal);
  if (id === null) return null;
  const device = await db().pairedDevice.findUnique({
    where: { id },
    select: { name: true, revokedAt: true, lastUsedAt: true },
  });
  if (!device || device.revokedAt) return null;
  if (!device.lastUsedAt || now.getTime() - device.lastUsedAt.getTime() > LAST_USE_RESOLUTION_MS) {
    await db().pairedDevice.updateMany({ where: { id, revokedAt: null }, data: { lastUsedAt: now } });
  }
  return { id, name: device.name };
}

type DeviceRow = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };
const deviceColumns = { id: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

function shapeDevice(row: DeviceRow): PairedDeviceJson {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every paired device, newest first; revoked ones too. */
export async function listDevices(): Promise<PairedDeviceJson[]> {
  const rows = await db().pairedDevice.findMany({ select: deviceColumns, orderBy: { id: "desc" }, take: 200 });
  return rows.map(shapeDevice);
}

/** Shuts a device out from now on; revoking twice keeps the first time. */
export async function revokeDevice(options: { id: number }): Promise<PairedDeviceJson> {
  const { id } = options;
  await db().pairedDevice.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await db().pairedDevice.findUnique({ where: { id }, select: deviceColumns });
  if (!row) throw new AppError("not_found", errorText("labs.deviceNotFound", { id }));
  return shapeDevice(row);
}
