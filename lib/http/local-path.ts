// Where we may send a browser after a form or a login: a path on our own
// origin, never another host. A string check is not enough: browsers drop
// tabs and newlines and read "\" as "/", so "/\t/evil.example" arrives as
// "//evil.example". The URL parser makes the same moves, so we resolve the
// value against a placeholder origin and keep it only if it stays there.
const HOME = "http://labs.invalid";

/** The value as a path on our origin (normalised), or null. */
export function localPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(value, HOME);
  } catch {
    return null;
  }
  if (url.origin !== HOME) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
