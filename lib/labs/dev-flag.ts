// The preview flag (docs/contract.md, "Labs and auth decisions"): `?lnw-dev` on any page stores
// localStorage["lnw-dev"] = {"expires_at": <ISO>} for 30 days; while it has
// not expired, preview features show. Browser only.
export const DEV_FLAG_KEY = "lnw-dev";
export const DEV_FLAG_LIFETIME_MS = 30 * 24 * 3600 * 1000;

const CHANGE_EVENT = "lnw-dev-change";

export function setDevFlag(now = Date.now()): void {
  const expires_at = new Date(now + DEV_FLAG_LIFETIME_MS).toISOString();
  localStorage.setItem(DEV_FLAG_KEY, JSON.stringify({ expires_at }));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearDevFlag(): void {
  localStorage.removeItem(DEV_FLAG_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The expiry of a stored flag that is still valid, else null. */
export function devFlagExpiry(stored: string | null, now = Date.now()): string | null {
  if (!stored) return null;
  try {
    const { expires_at } = JSON.parse(stored) as { expires_at?: unknown };
    if (typeof expires_at !== "string") return null;
    const expires = Date.parse(expires_at);
    return Number.isFinite(expires) && expires > now ? expires_at : null;
  } catch {
    return null;
  }
}

/** useSyncExternalStore snapshot: the expiry while the flag is on, else null. */
export function readDevFlag(): string | null {
  return devFlagExpiry(localStorage.getItem(DEV_FLAG_KEY));
}

export function subscribeDevFlag(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}
