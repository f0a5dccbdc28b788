import { inject, describe, expect, it } from "vitest";
import { startServer } from "@/tests/support/server";
import { api, baseUrl, operatorCookie } from "./client";

// docs/decisions/008-todo-leases.md: claim is one atomic statement. 50 concurrent claims of one todo →
// exactly one 200 and 49 × 409 naming the holder and the expiry; on the
// suite's server (PGlite, or PostgreSQL in api:postgres) and spread
// over two app instances sharing one PostgreSQL.

type ClaimAnswer = {
  status: number;
  body: { claimed_by?: string; lock_expires_at?: string; error?: { message: string } };
};

async function claimFrom(url: string, id: number, agent: string, cookie: string): Promise<ClaimAnswer> {
  const response = await fetch(`${url}/api/core-ask/${id}/claim`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "en", cookie },
    body: JSON.stringify({ agent, ttl_seconds: 600 }),
  });
  return { status: response.status, body: (await response.json()) as ClaimAnswer["body"] };
}

function expectOneWinner(id: number, answers: ClaimAnswer[]) {
  expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(49).fill(409)]);
  const winner = answers.find((a) => a.status === 200)!.body;
  const expected = `Todo ${id} is claimed by ${winner.claimed_by} until ${winner.lock_expires_at}.`;
  for (const loser of answers.filter((a) => a.status === 409)) expect(loser.body.error?.message).toBe(expected);
  return winner;
}

async function newTodo(url: string, text: string): Promise<number> {
  const response = await fetch(`${url}/api/core-ask/log`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });
  return ((await response.json()) as { id: number }).id;
}

describe("50 concurrent claims", () => {
  it("on one server: exactly one 200, 49 × 409 naming holder and expiry", async () => {
    const cookie = await operatorCookie();
    const id = await newTodo(baseUrl, "race on one server");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claimFrom(baseUrl, id, `agent-${i}`, cookie)),
    );
    const winner = expectOneWinner(id, answers);
    const { data } = await api<{ todo: { claimed_by: string } }>(`/api/core-ask/${id}`, { cookie });
    expect(data.todo.claimed_by).toBe(winner.claimed_by);
  });

  const sharedDatabase = inject("apiDatabaseUrl");
  it.runIf(sharedDatabase)("spread over two app instances sharing one PostgreSQL", async () => {
    // A second instance on the suite server's database: claims alternate between them.
    const second = await startServer({ DATABASE_URL: sharedDatabase! });
    try {
      const cookie = await operatorCookie();
      for (let round = 0; round < 3; round++) {
        const id = await newTodo(baseUrl, `race on two instances, round ${round}`);
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => claimFrom(i % 2 ? second.url : baseUrl, id, `agent-${i}`, cookie)),
        );
        const winner = expectOneWinner(id, answers);
        // Both instances see the same holder.
        for (const url of [baseUrl, second.url]) {
          const response = await fetch(`${url}/api/core-ask/${id}`, { headers: { cookie } });
          expect(((await response.json()) as { todo: { claimed_by: string } }).todo.claimed_by).toBe(winner.claimed_by);
        }
      }
    } finally {
      await second.stop();
    }
  });
});
