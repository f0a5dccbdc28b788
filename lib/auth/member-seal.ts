import { sealData } from "iron-session";
import { openSeal } from "@/lib/auth/open-seal";
import { operatorSecrets } from "@/lib/auth/secrets";

// The `labs_member` cookie of a paired phone (LABS_ACCESS=household): a seal
// naming its row in paired_device. Long-lived, like the phone; revoked on the
// server (lib/auth/devices.ts). Cryptography only here.

export const MEMBER_COOKIE = "labs_member";
/** About 400 days: the longest a browser keeps a cookie. */
export const MEMBER_TTL_SECONDS = 400 * 24 * 3600;

type MemberSeal = { device?: number };

export async function sealMember(deviceId: number): Promise<string> {
  const secrets = operatorSecrets();
  if (!secrets) throw new Error("pairing needs SESSION_SECRET");
  return sealData({ device: deviceId } satisfies MemberSeal, {
    password: secrets.sessionSecret,
    ttl: MEMBER_TTL_SECONDS,
  });
}

/** The device id in a `labs_member` seal, or null. */
export async function readMemberSeal(seal: string | undefined): Promise<number | null> {
  const secrets = operatorSecrets();
  if (!seal || !secrets) return null;
  const data: MemberSeal = await openSeal<MemberSeal>(seal, {
    password: secrets.sessionSecret,
    ttl: MEMBER_TTL_SECONDS,
  });
  return Number.isInteger(data.device) ? (data.device as number) : null;
}

export function memberCookieHeader(seal: string, secure: boolean): string {
  return `${MEMBER_COOKIE}=${seal}; Path=/; Max-Age=${MEMBER_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
