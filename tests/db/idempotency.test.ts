import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mintApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { ABANDONED_MINUTES, pruneIdempotentAnswers, runIdempotently } from "@/lib/http/idempotency";

// A write retried with an Idempotency-Key (lib/http/idempotency.ts), at the
// level of its claims: what a stopped server leaves behind, and how long.

const writeWith = (token: string) =>
  new Request("http://labs.test/base-research/api/observe", { method: "POST", headers: { "idempotency-key": token } });

async function keyId() {
  return (await mintApiKey({ name: `retries ${randomUUID().slice(0, 8)}`, plan: "free", scopes: ["research"] })).id;
}

describe("an Idempotency-Key's claim", () => {
  it("makes a retry wait while its first request runs, and lets a retry take over one a stopped server left", async () => {
    const id = await keyId();
    const token = randomUUID();
    const body = { price: 1 };
    let runs = 0;
    const run = async () => {
      runs++;
      return Response.json({ ok: true, runs });
    };
    // A first request of the same write that claimed the pair and has not answered yet.
    const fingerprint = createHash("sha256")
      .update(`POST /base-research/api/observe\n${JSON.stringify(body)}`)
      .digest("hex");
    await db().$executeRaw`
      INSERT INTO idempotent_request (key_id, token, fingerprint, claim)
      VALUES (${id}, ${token}, ${fingerprint}, ${randomUUID()})`;
    await expect(runIdempotently({ request: writeWith(token), keyId: id, body, run })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(runs).toBe(0);

    // The same claim, left longer than any request may run: taken over, run once, kept.
    await db().$executeRaw`
      UPDATE idempotent_request SET created_at = now() - make_interval(mins => ${ABANDONED_MINUTES + 1}::int)
      WHERE key_id = ${id} AND token = ${token}`;
    // Taken over by a retry of the same write only: another one is still a reuse.
    await expect(
      runIdempotently({ request: writeWith(token), keyId: id, body: { price: 2 }, run }),
    ).rejects.toMatchObject({ code: "idempotency_key_reused" });
    const taken = await runIdempotently({ request: writeWith(token), keyId: id, body, run });
    expect(await taken.json()).toEqual({ ok: true, runs: 1 });
    const replayed = await runIdempotently({ request: writeWith(token), keyId: id, body, run });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.json()).toEqual({ ok: true, runs: 1 });
    expect(runs).toBe(1);
  });

  it("keeps an answer a day, then lets the key be used again", async () => {
    const id = await keyId();
    const token = randomUUID();
    let runs = 0;
    const run = async () => Response.json({ ok: true, runs: ++runs });
    await runIdempotently({ request: writeWith(token), keyId: id, body: { price: 1 }, run });
    await db().$executeRaw`
      UPDATE idempotent_request SET created_at = now() - interval '24 hours 1 minute'
      WHERE key_id = ${id} AND token = ${token}`;
    // Another body with the old key: not a reuse once the answer has lapsed.
    const again = await runIdempotently({ request: writeWith(token), keyId: id, body: { price: 2 }, run });
    expect(await again.json()).toEqual({ ok: true, runs: 2 });

    // Lapsed answers are swept, whoever's key they were.
    await db().$executeRaw`
      UPDATE idempotent_request SET created_at = now() - interval '25 hours' WHERE key_id = ${id} AND token = ${token}`;
    expect(await pruneIdempotentAnswers()).toBeGreaterThanOrEqual(1);
    expect(await db().idempotentRequest.count({ where: { keyId: id } })).toBe(0);
  });
});
