import type { ItemDetail, StateSnapshot } from "@/lib/research/schemas";

// What an account from outside the household reads of research
// (docs/decisions/034-accounts-and-credits.md): items, sources and prices, as
// the household's agent sees them, but not the household's own words or
// names. Notes and the household's sessions (what it is looking for, and
// why) are left out, and so are other accounts' sessions; who wrote a row
// reads `household`, `anonymous`, `account` (another account) or the
// account's own `account:<id>`, never a device's or a key's name. Remarks are
// left out of every observation but the account's own.

/** Who wrote a row, as account `self` may read it. */
function viewOf(origin: string, self: number): string {
  if (origin === "anonymous" || origin === `account:${self}`) return origin;
  return origin.startsWith("account:") ? "account" : "household";
}

/**
 * How an account's session slug is stored: suffixed with the account, so no
 * account takes a slug the household's agent will use, or learns one exists,
 * and no two accounts meet. The account reads its slugs back without it
 * (ownSlug).
 */
export function accountSessionSlug(slug: string, accountId: number | null): string {
  return accountId === null ? slug : `${slug}${accountSlugSuffix(accountId)}`;
}

export const accountSlugSuffix = (accountId: number) => `@account-${accountId}`;

/** An account's session slug as it named it, without the suffix it is stored with (accountSessionSlug). */
export function ownSlug(slug: string | null, self: number): string | null {
  const suffix = accountSlugSuffix(self);
  return slug?.endsWith(suffix) ? slug.slice(0, -suffix.length) : slug;
}

/** A snapshot built with `sessionsOf: self`, as account `self` may read it. */
export function snapshotForAccount(snapshot: StateSnapshot, self: number): StateSnapshot {
  const own = (origin: string) => origin === `account:${self}`;
  const outsiderView = (origin: string) => viewOf(origin, self);
  const sessions = snapshot.sessions
    .filter((session) => own(session.origin))
    .map((session) => ({ ...session, slug: ownSlug(session.slug, self)! }));
  return {
    ...snapshot,
    counts: { ...snapshot.counts, sessions: sessions.length, notes: 0 },
    recent: snapshot.recent.map((row) => ({
      ...row,
      session_slug: own(row.origin) ? ownSlug(row.session_slug, self) : null,
      origin: outsiderView(row.origin),
    })),
    sessions,
    notes: [],
    drops: snapshot.drops.map((row) => ({
      ...row,
      origin: outsiderView(row.origin),
      old_origin: outsiderView(row.old_origin),
    })),
    oos: snapshot.oos.map((row) => ({ ...row, origin: outsiderView(row.origin) })),
  };
}

export function itemForAccount(detail: ItemDetail, self: number): ItemDetail {
  const own = (origin: string) => origin === `account:${self}`;
  const outsiderView = (origin: string) => viewOf(origin, self);
  const origins = detail.item.origins;
  return {
    ...detail,
    item: {
      ...detail.item,
      origins: {
        item_name: outsiderView(origins.item_name),
        item_category: origins.item_category === null ? null : outsiderView(origins.item_category),
        item_spec: origins.item_spec === null ? null : outsiderView(origins.item_spec),
      },
    },
    observations: detail.observations.map((row) => ({
      ...row,
      notes: own(row.origin) ? row.notes : null,
      session_slug: own(row.origin) ? ownSlug(row.session_slug, self) : null,
      origin: outsiderView(row.origin),
    })),
    by_source: detail.by_source.map((row) => ({
      ...row,
      origins: {
        latest_price: row.origins.latest_price === null ? null : outsiderView(row.origins.latest_price),
        min_price: row.origins.min_price === null ? null : outsiderView(row.origins.min_price),
        max_price: row.origins.max_price === null ? null : outsiderView(row.origins.max_price),
        availability: outsiderView(row.origins.availability),
      },
    })),
  };
}
