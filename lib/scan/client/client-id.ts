// A random (version 4) UUID naming one scan, so the server records it once
// however often the queue sends it. crypto.randomUUID exists only in secure
// contexts; a phone on the home network over plain http still gets one from
// getRandomValues, which every browser has.

import "client-only";
type RandomSource = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => Uint8Array; randomUUID?: () => string };

export function newClientId(crypto: RandomSource = globalThis.crypto): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
