import { unsealData } from "iron-session";

// Opening a seal costs iron two PBKDF2 derivations and an HMAC: some 0.35 ms
// of the server's one thread, on every request of the operator or of a
// paired phone (6 % of the server's time under fifty observing clients). An
// opened seal is kept, by its text, until it expires or for five minutes,
// whichever is sooner: what it says cannot change (its HMAC covers it, its
// expiry with it), and what may end it sooner (a logout, a password change, a
// revoked phone) is checked outside it, on every request. Only seals that
// opened are kept: a stranger's made-up cookie costs its derivations each time.

const KEEP_MS = 5 * 60 * 1000;
const MAX_KEPT = 500;

type Kept = { password: string; data: Readonly<Record<string, unknown>>; until: number };
const kept = new Map<string, Kept>();

/** What `seal` holds, as iron-session's unsealData reads it ({} when it does not open). */
export async function openSeal<T extends object>(
  seal: string,
  options: { password: string; ttl: number },
): Promise<Partial<T>> {
  // The `~2` after a seal is outside its HMAC: the seal is what comes before.
  const text = seal.split("~")[0]!;
  const now = Date.now();
  const hit = kept.get(text);
  if (hit && hit.password === options.password && hit.until > now) {
    // Most recently used last: the first is the one to drop.
    kept.delete(text);
    kept.set(text, hit);
    return hit.data as Partial<T>;
  }
  const data = Object.freeze(await unsealData<Record<string, unknown>>(seal, options).catch(() => ({})));
  // Iron's seal: Fe26.2*id*salt*iv*data*expiration*hmac salt*hmac, the expiration in ms.
  const expiration = Number(text.split("*")[5]);
  if (Object.keys(data).length > 0 && Number.isFinite(expiration) && expiration > now) {
    kept.delete(text);
    kept.set(text, { password: options.password, data, until: Math.min(now + KEEP_MS, expiration) });
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  }
  return data as Partial<T>;
}
