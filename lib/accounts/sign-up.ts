import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sendSignInLink } from "@/lib/accounts/mail";
import { TRIAL_PLAN } from "@/lib/auth/plans";
import { runAfterResponse } from "@/lib/auth/keyed-request";
import { db } from "@/lib/db";
import { nextCounterValue, yymmdd } from "@/lib/db/daily-counter";
import { env } from "@/lib/env";
import { requestOrigin } from "@/lib/http/allowed-hosts";
import { clientNetwork } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/locales";

// Sign-up and sign-in by link (docs/decisions/034-accounts-and-credits.md).
// There are no passwords: an address proves itself by opening a link sent to
// it. The answer to a sign-up never says whether the address was known.

export const SIGN_IN_LINK_HOURS = 24;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The answer to a link that is unknown, used or expired: the same for all three. */
export function signInLinkGone(): AppError {
  return new AppError("not_found", errorText("labs.signInLinkGone"));
}

/**
 * A sign-up, or a known address asking to sign in again: the same call.
 * SIGNUP=email mails a link (to a new address: one that verifies it; to a
 * known one: one that signs it in); SIGNUP=approval keeps a new address
 * waiting for the operator and mails nothing. Counted per client network and
 * per email domain, a day, before anything else: a refusal says nothing
 * about the address either.
 */
export async function signUp(options: {
  email: string;
  name: string;
  request: Request;
  client: string;
  locale: Locale;
}): Promise<void> {
  const { email, name, request, client, locale } = options;
  await countSignUp({ client, email });
  const mode = env().SIGNUP;
  // One row an address, whoever asks first; a second sign-up changes nothing.
  const account = await db().account.upsert({
    where: { email },
    create: { email, name, status: mode === "approval" ? "waiting" : "unverified" },
    update: {},
    select: { id: true, status: true },
  });
  if (mode !== "email" || account.status === "waiting") return;
  const { url } = await mintSignInLink({ accountId: account.id, origin: requestOrigin(request) });
  // Sent after the answer, so a slow mail server neither delays it nor tells
  // by its timing whether the address was known.
  runAfterResponse(() => sendSignInLink({ to: email, url, locale }));
}

/** A new single-use link that signs the account in (and verifies it the first time). */
export async function mintSignInLink(options: {
  accountId: number;
  origin: string;
  now?: Date;
}): Promise<{ url: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_HOURS * 3600_000);
  await db().$transaction([
    db().accountLink.create({ data: { accountId: options.accountId, hash: hashToken(token), expiresAt } }),
    // Links past their time are of no use to anyone.
    db().accountLink.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } } }),
  ]);
  return { url: `${options.origin}/labs/signin?token=${token}`, expiresAt };
}

/** Whether a link would still sign someone in: for the page that asks them to confirm. */
export async function peekSignInLink(options: { token: string; now?: Date }): Promise<boolean> {
  if (!isLinkToken(options.token)) return false;
  const row = await db().accountLink.findFirst({
    where: { hash: hashToken(options.token), usedAt: null, expiresAt: { gt: options.now ?? new Date() } },
    select: { id: true },
  });
  return row !== null;
}

/**
 * Uses a link, once: the account it names, verified now if it was not (its
 * trial starts), or 404 for a link unknown, used or expired.
 */
export async function redeemSignInLink(options: { token: string; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  if (!isLinkToken(options.token)) throw signInLinkGone();
  const [link] = await db().accountLink.updateManyAndReturn({
    where: { hash: hashToken(options.token), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
    select: { accountId: true },
  });
  if (!link) throw signInLinkGone();
  await startTrial({ accountId: link.accountId, now });
  return link.accountId;
}

/**
 * An address proven (its link opened) or let in by the operator: the account
 * is active, on the trial plan with TRIAL_CREDITS for TRIAL_DAYS. Only once:
 * an account already verified keeps its plan and credits.
 */
export async function startTrial(options: { accountId: number; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const { TRIAL_CREDITS, TRIAL_DAYS } = env();
  await db().account.updateMany({
    where: { id: options.accountId, verifiedAt: null, status: { in: ["unverified", "waiting"] } },
    data: {
      status: "active",
      verifiedAt: now,
      plan: TRIAL_PLAN,
      creditsRemaining: TRIAL_CREDITS,
      creditsResetAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
    },
  });
}

/** Sign-ups a day per client network and per email domain (429 past either). */
async function countSignUp(options: { client: string; email: string }): Promise<void> {
  const { SIGNUPS_PER_CLIENT_PER_DAY, SIGNUPS_PER_DOMAIN_PER_DAY } = env();
  const day = yymmdd(new Date());
  const domain = options.email.slice(options.email.lastIndexOf("@") + 1);
  const fromClient = await nextCounterValue({ scope: `signup:client:${clientNetwork(options.client)}`, day });
  if (fromClient > SIGNUPS_PER_CLIENT_PER_DAY) {
    throw new AppError("rate_limited", errorText("labs.signUpLimitClient", { limit: SIGNUPS_PER_CLIENT_PER_DAY }), {
      headers: { "retry-after": String(secondsToMidnightUtc()) },
    });
  }
  const toDomain = await nextCounterValue({ scope: `signup:domain:${domain}`, day });
  if (toDomain > SIGNUPS_PER_DOMAIN_PER_DAY) {
    throw new AppError("rate_limited", errorText("labs.signUpLimitDomain", { limit: SIGNUPS_PER_DOMAIN_PER_DAY }), {
      headers: { "retry-after": String(secondsToMidnightUtc()) },
    });
  }
}

function secondsToMidnightUtc(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}
