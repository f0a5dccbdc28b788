// What an API key may do (docs/decisions/003-key-scopes.md). A key does the
// agent's work in the areas it was given at minting; managing keys and
// reading the usage log are the operator's alone, with the cookie.
export const API_SCOPES = ["research", "ask", "scan", "events"] as const;

export type ApiScope = (typeof API_SCOPES)[number];

// What an account's key may do (docs/decisions/034-accounts-and-credits.md):
// never the household's own data (cards, people, scans, faturas,
// preferences, attachments, notes, the ask queue), only what these name. A
// route takes an account's key only where its spec names one of them.
export const ACCOUNT_SCOPES = ["research:read", "research:write", "products:read"] as const;

export type AccountScope = (typeof ACCOUNT_SCOPES)[number];
