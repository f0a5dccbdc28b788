import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mintAccountKey } from "@/lib/accounts/account-keys";
import { chargeCall } from "@/lib/accounts/credits";
import { getAccountOrThrow, grantCredits, updateAccount } from "@/lib/accounts/manage-accounts";
import { mintSignInLink, peekSignInLink, redeemSignInLink } from "@/lib/accounts/sign-up";
import { findActiveApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

// Accounts on the real database (docs/decisions/034-accounts-and-credits.md):
// links that work once for 24 hours, a trial started once, credits renewed
// when their month ends and never spent twice, keys counted under a lock.

async function newAccount(): Promise<number> {
  const row = await db().account.create({
    data: { email: `${randomUUID()}@accounts.example`, name: "Outsider" },
    select: { id: true },
  });
  return row.id;
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("sign-in links", () => {
  it("work once, for 24 hours, and verify the account the first time", async () => {
    const id = await newAccount();
    const start = new Date("2026-03-01T10:00:00Z");
    const late = await mintSignInLink({ accountId: id, origin: "http://labs.test", now: start });
    const dayLater = new Date(start.getTime() + 24 * 3600_000 + 1);
    expect(await peekSignInLink({ token: tokenOf(late.url), now: new Date(start.getTime() + 23 * 3600_000) })).toBe(
      true,
    );
    await expect(redeemSignInLink({ token: tokenOf(late.url), now: dayLater })).rejects.toMatchObject({
      code: "not_found",
    });

    const fresh = await mintSignInLink({ accountId: id, origin: "http://labs.test" });
    expect(await redeemSignInLink({ token: tokenOf(fresh.url) })).toBe(id);
    await expect(redeemSignInLink({ token: tokenOf(fresh.url) })).rejects.toMatchObject({ code: "not_found" });
    await expect(redeemSignInLink({ token: "not-a-token" })).rejects.toMatchObject({ code: "not_found" });

    const account = await getAccountOrThrow({ id });
    expect(account).toMatchObject({ status: "active", plan: "trial", credits_remaining: env().TRIAL_CREDITS });
  });

  it("start the trial once: signing in again keeps what was spent", async () => {
    const id = await newAccount();
    await redeemSignInLink({ token: tokenOf((await mintSignInLink({ accountId: id, origin: "http://x" })).url) });
    await db().account.update({ where: { id }, data: { creditsRemaining: 7 } });
    await redeemSignInLink({ token: tokenOf((await mintSignInLink({ accountId: id, origin: "http://x" })).url) });
    expect((await getAccountOrThrow({ id })).credits_remaining).toBe(7);
  });
});

describe("credits", () => {
  const keyCaller = async (accountId: number) => {
    const { key } = await mintAccountKey({ accountId, name: "agent", scopes: ["products:read"] });
    return (await findActiveApiKey(key))!;
  };
  const verified = async () => {
    const id = await newAccount();
    await redeemSignInLink({ token: tokenOf((await mintSignInLink({ accountId: id, origin: "http://x" })).url) });
    return id;
  };
  const request = () => new Request("http://labs.test/base-scan/api/prices");

  it("are never spent twice: 40 parallel charges of 1 with 25 left make 25 answers", async () => {
    const id = await verified();
    await db().account.update({ where: { id }, data: { creditsRemaining: 25 } });
    const caller = await keyCaller(id);
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => chargeCall(request(), caller)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(25);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const outcome of refused) expect(outcome.reason).toMatchObject({ code: "credits_exhausted" });
    expect((await getAccountOrThrow({ id })).credits_remaining).toBe(0);
  });

  it("come back as the plan's monthly credits once their month has ended, with a month more to run", async () => {
    const id = await verified();
    await updateAccount({ id, changes: { plan: "free" } });
    await db().account.update({
      where: { id },
      data: { creditsRemaining: 0, creditsResetAt: new Date(Date.now() - 1000) },
    });
    await chargeCall(request(), await keyCaller(id), 5);
    const account = await getAccountOrThrow({ id });
    const free = await db().apiPlan.findUniqueOrThrow({ where: { name: "free" } });
    expect(account.credits_remaining).toBe(free.creditsPerMonth - 5);
    const days = (Date.parse(account.credits_reset_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it("cost nothing for the operator's keys and for anonymous callers", async () => {
    await expect(chargeCall(request(), null)).resolves.toBeUndefined();
    await expect(chargeCall(request(), { kind: "cookie" })).resolves.toBeUndefined();
  });

  it("granted are added to what is left, up to the int4 limit", async () => {
    const id = await verified();
    await db().account.update({ where: { id }, data: { creditsRemaining: 10 } });
    expect((await grantCredits({ id, credits: 5 })).credits_remaining).toBe(15);
    expect((await grantCredits({ id, credits: 2_147_483_647 })).credits_remaining).toBe(2_147_483_647);
  });
});

describe("an account's keys", () => {
  it("are at most ACCOUNT_MAX_KEYS however many are minted at once", async () => {
    const id = await newAccount();
    await redeemSignInLink({ token: tokenOf((await mintSignInLink({ accountId: id, origin: "http://x" })).url) });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => mintAccountKey({ accountId: id, name: "k", scopes: ["research:read"] })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(env().ACCOUNT_MAX_KEYS);
    expect(await db().apiKey.count({ where: { accountId: id } })).toBe(env().ACCOUNT_MAX_KEYS);
  });

  it("hold only scopes the plan allows, and none while the account is not active", async () => {
    const id = await newAccount();
    await expect(mintAccountKey({ accountId: id, name: "k", scopes: ["research:read"] })).rejects.toMatchObject({
      code: "forbidden",
    });
    await redeemSignInLink({ token: tokenOf((await mintSignInLink({ accountId: id, origin: "http://x" })).url) });
    await db().apiPlan.upsert({
      where: { name: "products-only" },
      create: { name: "products-only", requestsPerMinute: 60, scopes: ["products:read"] },
      update: {},
    });
    await updateAccount({ id, changes: { plan: "products-only" } });
    await expect(mintAccountKey({ accountId: id, name: "k", scopes: ["research:read"] })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await updateAccount({ id, changes: { status: "suspended" } });
    await expect(mintAccountKey({ accountId: id, name: "k", scopes: ["products:read"] })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
