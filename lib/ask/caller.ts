import type { OperatorCaller } from "@/lib/auth/authenticate";

/** Who holds a lease when the caller names no agent: its API key, or the operator's session. */
export function defaultAgent(caller: OperatorCaller | null): string {
  return caller?.kind === "key" ? `key-${caller.keyId}` : "operator";
}
