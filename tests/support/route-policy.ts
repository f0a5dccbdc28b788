import type { AccountScope } from "@/lib/auth/scopes";

// Who may call what (docs/contract.md, "Authentication" and "Endpoints"): the declared exceptions to "operator
// only". A route handler declares its policy itself (`.auth`, set by route(),
// formRoute() or htmlRoute()); being public (or open to `anyone`) must also be
// listed here, so opening a route to everyone is a decision someone wrote
// down. Pages cannot declare anything,
// so every page pattern is listed with its policy. Patterns use the file
// layout's URL form: `{id}` for a dynamic segment, `**` for anything below.

/** `anyone`: open in household mode too (sign-up); `account`: an account's own page, its cookie checked. */
export type Policy = "public" | "operator" | "anyone" | "account";

/** Route handlers anyone may call, as `[METHOD ]pattern`, each with the reason. */
export const PUBLIC_ROUTES: Record<string, string> = {
  "/base-scan/**": "the scan service is public by design (docs/contract.md, Authentication)",
  "/base-research/api/**":
    "research endpoints are unauthenticated; RESEARCH_BROWSER_UA_ONLY guards them (docs/contract.md, Research)",
  "/api/core-ask/log": "anyone may capture a request (docs/contract.md, Ask decisions)",
  "/api/base-ask/log": "the public alias of log (docs/contract.md, Ask)",
  "/api/core-ask/tips/random": "the ticker on public pages",
  "/core-ask/healthz": "health checks are public",
  "/base-ask/healthz": "health checks are public",
  "/labs/healthz": "health checks are public",
  "/labs/status": "a status summary; the counts only for the operator",
  "POST /labs/api/views": "every page counts its own view",
  "/api/openapi.json": "describes shapes, never data",
  "/admin/login": "the way in",
  "/admin/logout": "ending a session needs none",
  "/labs/pair": "a phone pairs itself with the household's one-time code (household mode)",
  "POST /labs/api/signup": "people outside the household ask for an account (SIGNUP, decision 034)",
  "/labs/signin": "a mailed sign-in link is opened and confirmed (decision 034)",
  "POST /labs/signout": "ending an account's session needs none",
  "/labs/api/push/**":
    "a phone subscribes itself to pushes; a channel's random id is what reads, tests or removes it (decision 024)",
  "/labs/api/ntfy": "a person adds an ntfy topic for themselves (decision 024)",
  "/labs/api/ntfy/**": "whoever holds an ntfy channel's random id may remove it (decision 024)",
  "GET /labs/api/notify/channels/{id}": "whoever holds a channel's random id may read it (decision 024)",
  "POST /labs/api/notify/channels/{id}/test": "whoever holds a channel's random id may test it (decision 024)",
  "/labs/api/watches/**": "the household watches prices, as it records them (docs/contract.md, Watches)",
  "/labs/api/watches": "the household watches prices, as it records them (docs/contract.md, Watches)",
  "PUT /labs/api/notify/quiet-hours": "each person sets their own quiet hours, as they add their own cards",
};

/**
 * The API-key scope of every keyed route (docs/decisions/003-key-scopes.md):
 * a route takes a key only with the scope listed here; routes not listed take
 * no key at all (key management, the usage log, the dashboard, health).
 */
export const KEY_SCOPES: [pattern: string, scope: "research" | "ask" | "scan" | "events"][] = [
  ["/api/core-ask/**", "ask"],
  ["/api/base-ask/**", "ask"],
  ["/core-ask/{id}/**", "ask"],
  ["/base-scan/api/**", "scan"],
  ["/base-research/api/**", "research"],
  ["/labs/api/events", "events"],
  ["/labs/api/events/stream", "events"],
];

/**
 * Every route an account's key may call, by method, with the account scope
 * it takes (docs/decisions/034-accounts-and-credits.md): prices, products
 * and the research snapshot, nothing of the household's own. Any other route
 * refuses an account's key.
 */
export const ACCOUNT_ROUTES: Record<string, AccountScope> = {
  "GET /base-research/api/state": "research:read",
  "POST /base-research/api/observe": "research:write",
  "GET /base-research/api/items/{id}": "research:read",
  "GET /base-scan/api/products/{code}": "products:read",
  "GET /base-scan/api/products/search": "products:read",
  "GET /base-scan/api/prices": "products:read",
};

export function listedScope(path: string): string | undefined {
  return KEY_SCOPES.find(([pattern]) => matchesPattern(pattern, path))?.[1];
}

/** Every page pattern and its policy; the first match wins. */
export const PAGE_POLICIES: [pattern: string, policy: Policy][] = [
  ["/", "operator"],
  ["/admin/operator", "operator"],
  ["/api/docs", "public"],
  ["/base-scan", "public"],
  ["/base-scan/**", "public"],
  ["/base-ask/queue", "operator"],
  ["/base-ask/queue/**", "operator"],
  ["/base-ask", "public"],
  ["/base-research", "operator"],
  ["/base-research/**", "operator"],
  ["/labs/signup", "anyone"],
  ["/labs/account", "account"],
];

/** `/base-scan/**` matches `/base-scan/api/cards/{id}`; other patterns match exactly. */
export function matchesPattern(pattern: string, path: string): boolean {
  if (pattern.endsWith("/**")) return path.startsWith(pattern.slice(0, -2));
  return pattern === path;
}

export function isListedPublic(method: string, path: string): boolean {
  return Object.keys(PUBLIC_ROUTES).some((entry) => {
    const [first, second] = entry.split(" ");
    const [entryMethod, pattern] = second ? [first, second] : [null, first!];
    return (entryMethod === null || entryMethod === method) && matchesPattern(pattern!, path);
  });
}

export function pagePolicy(path: string): Policy | null {
  return PAGE_POLICIES.find(([pattern]) => matchesPattern(pattern, path))?.[1] ?? null;
}

/** A concrete URL for a pattern: every dynamic segment becomes `value`. */
export function concretePath(pattern: string, value = "1"): string {
  return pattern.replace(/\{[^}]+\}/g, value);
}
