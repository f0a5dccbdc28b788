import { createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike } from "node:crypto";

// OPERATOR_PASSWORD_HASH format: scrypt$<salt base64url>$<key base64url>
// (made by `npm run hash-password`). scrypt runs on libuv's thread pool, never
// on the event loop: a burst of guesses must not stall every other request.
const KEY_LENGTH = 32;

function scryptAsync(password: BinaryLike, salt: BinaryLike, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$<salt>$<key>` with a salt of at least 8 and a key of at least 16 bytes. */
export function isPasswordHash(value: string): boolean {
  const [scheme, salt, key, ...rest] = value.split("$");
  if (scheme !== "scrypt" || rest.length || !salt || !key) return false;
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(salt) || !base64url.test(key)) return false;
  return Buffer.from(salt, "base64url").length >= 8 && Buffer.from(key, "base64url").length >= 16;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** The operator's password as configured: exactly one of the two (lib/auth/secrets.ts). */
export type ConfiguredPassword = { password?: string; passwordHash?: string };

export async function verifyPassword(candidate: string, secrets: ConfiguredPassword): Promise<boolean> {
  if (secrets.passwordHash) return verifyHash(candidate, secrets.passwordHash);
  if (secrets.password === undefined) return false;
  // Compare fixed-length digests so neither content nor length leaks by timing.
  return timingSafeEqual(sha256(candidate), sha256(secrets.password));
}

async function verifyHash(candidate: string, stored: string): Promise<boolean> {
  // lib/env.ts refuses a malformed hash at start; this guards direct callers.
  if (!isPasswordHash(stored)) return false;
  const [, salt = "", key = ""] = stored.split("$");
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(candidate, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(actual, expected);
}

function sha256(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
