import type { OperatorCaller } from "@/lib/auth/authenticate";
import { findMemberDevice } from "@/lib/auth/devices";
import { MEMBER_COOKIE } from "@/lib/auth/member-seal";
import { hasOperatorSession } from "@/lib/auth/operator-sessions";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { clientAddress, isLocalRequest } from "@/lib/http/client-address";
import { readCookie } from "@/lib/http/cookies";

// Who wrote something (docs/decisions/005-origins-and-anonymous-limits.md).
// Every note, todo, observation and research session records it, so the
// agent can tell the operator's requests from a stranger's text, and
// anonymous writers are the ones rate-limited and held to lower rights.

export type Origin =
  | { kind: "operator" }
  /** This machine itself: loopback, no forwarding header (the research agent). */
  | { kind: "local" }
  | { kind: "key"; name: string }
  | { kind: "device"; name: string }
  /** Someone outside the household, by an account's key or its signed-in page (phase 2). */
  | { kind: "account"; id: number }
  /** Nobody the household knows; `client` is their address, never stored with the row. */
  | { kind: "anonymous"; client: string };

/**
 * How an origin is stored and shown in the API: `operator`, `local`,
 * `key:<name>`, `device:<name>`, `account:<id>`, `anonymous`.
 */
export function originLabel(origin: Origin): string {
  switch (origin.kind) {
    case "key":
    case "device":
      return `${origin.kind}:${origin.name}`;
    case "account":
      return `account:${origin.id}`;
    default:
      return origin.kind;
  }
}

/** The household and its agents: not an anonymous client, not an account from outside. */
export function isTrusted(origin: Origin): boolean {
  return origin.kind !== "anonymous" && origin.kind !== "account";
}

/**
 * The origin of a request, given what authenticate() found: a key or the
 * operator's cookie it took, else the cookies of a public route's caller,
 * else this machine, else anonymous. Without cookies it reads no database.
 */
export async function identifyOrigin(request: Request, caller: OperatorCaller | null): Promise<Origin> {
  if (caller?.kind === "key") {
    return caller.accountId === null ? { kind: "key", name: caller.name } : { kind: "account", id: caller.accountId };
  }
  if (caller?.kind === "account") return { kind: "account", id: caller.accountId };
  if (caller?.kind === "cookie") return { kind: "operator" };
  const operatorSeal = readCookie(request, SESSION_COOKIE);
  if (operatorSeal && (await hasOperatorSession(operatorSeal))) return { kind: "operator" };
  const memberSeal = readCookie(request, MEMBER_COOKIE);
  const device = memberSeal ? await findMemberDevice(memberSeal) : null;
  if (device) return { kind: "device", name: device.name };
  if (isLocalRequest(request)) return { kind: "local" };
  return { kind: "anonymous", client: clientAddress(request) };
}
