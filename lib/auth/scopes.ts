// What an API key may do (docs/decisions/003-key-scopes.md). A key does the
// agent's work in the areas it was given at minting; managing keys and
// reading the usage log are the operator's alone, with the cookie.
export const API_SCOPES = ["research", "ask", "scan", "events"] as const;

export type ApiScope = (typeof API_SCOPES)[number];
