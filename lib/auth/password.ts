import { createHash, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import type { OperatorSecrets } from "@/lib/auth/secrets";

// OPERATOR_PASSWORD_HASH format: scrypt$<salt base64url>$<key base64url>
// (made by `npm run hash-password`).
const KEY_LENGTH = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export function verifyPassword(candidate: string, secrets: OperatorSecrets): boolean {
  if (secrets.passwordHash) return verifyHash(candidate, secrets.passwordHash);
  if (secrets.password === undefined) return false;
  // Compare fixed-length digests so neither content nor length leaks by timing.
  return timingSafeEqual(sha256(candidate), sha256(secrets.password));
}

function verifyHash(candidate: string, stored: string): boolean {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = scryptSync(candidate, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(actual, expected);
}

function sha256(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
