// How much of a request's body is read before it is refused (413). A module
// of its own, importing nothing: the build needs one of them (next.config.ts).

/** A JSON or form body (lib/http/read-body.ts), unless a route says otherwise. */
export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * A body on a page path, where proxy.ts runs: Next reads it into memory for
 * the proxy before anything can refuse it (next.config.ts). The forms posted
 * there (login, pairing, the queue's no-JavaScript forms) take a form body, so
 * no more than that.
 */
export const PAGE_BODY_LIMIT = JSON_BODY_LIMIT;
