import { describe, expect, it } from "vitest";
import { api, operatorCookie, uniqueClientAddress } from "@/tests/api/client";

// What a stranger can do with the notification routes on a server as
// installed: WEB_PUSH_ALLOW_PRIVATE off, so a page anyone opens (open mode)
// cannot make Labs send to this machine or its network. Deliveries
// themselves are tested against real counterparts in notifications.test.ts.

const stranger = () => ({ "x-forwarded-for": uniqueClientAddress() });
const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };

async function subscribe(endpoint: string) {
  return api<{ error: { issues: { path: string; message: string }[] } }>("/labs/api/push/subscriptions", {
    method: "POST",
    headers: stranger(),
    json: { subscription: { endpoint, keys }, types: ["todo.created"] },
  });
}

describe("notification routes, as a stranger tries them", () => {
  it("refuse push endpoints on this machine, its network or plain http", async () => {
    for (const endpoint of [
      "http://push.example.com/x",
      "https://127.0.0.1/x",
      "https://localhost:3000/x",
      "https://[::1]/x",
      "https://10.0.0.5/x",
      "https://169.254.169.254/latest/meta-data",
      "https://[::ffff:127.0.0.1]/x",
      "https://user:pw@push.example.com/x",
      "file:///etc/passwd",
    ]) {
      const refused = await subscribe(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.data.error.issues[0]!.path, endpoint).toBe("subscription.endpoint");
    }
  });

  it("refuse an ntfy server on a private address from anyone but the operator", async () => {
    const body = { server: "http://192.168.1.10:8080", topic: "family", types: ["todo.created"] };
    const refused = await api("/labs/api/ntfy", { method: "POST", headers: stranger(), json: body });
    expect(refused.status).toBe(400);
    const cookie = await operatorCookie();
    const taken = await api<{ id: string }>("/labs/api/ntfy", { method: "POST", cookie, json: body });
    expect(taken.status).toBe(201);
    expect((await api(`/labs/api/ntfy/${taken.data.id}`, { method: "DELETE", headers: stranger() })).status).toBe(200);
  });

  it("refuse bad subscriptions with the field that is wrong", async () => {
    const cases: [unknown, string][] = [
      [{ subscription: { endpoint: "https://push.example.com/x", keys }, types: [] }, "types"],
      [{ subscription: { endpoint: "https://push.example.com/x", keys }, types: ["no.such"] }, "types.0"],
      [
        { subscription: { endpoint: "https://push.example.com/x", keys: { auth: "abc" } }, types: ["todo.created"] },
        "subscription.keys.p256dh",
      ],
      [
        {
          subscription: { endpoint: "https://push.example.com/x", keys: { ...keys, auth: "not base64!" } },
          types: ["todo.created"],
        },
        "subscription.keys.auth",
      ],
      [{ types: ["todo.created"] }, "subscription"],
    ];
    for (const [json, path] of cases) {
      const refused = await api<{ error: { issues: { path: string }[] } }>("/labs/api/push/subscriptions", {
        method: "POST",
        headers: stranger(),
        json,
      });
      expect(refused.status, path).toBe(400);
      expect(
        refused.data.error.issues.map((issue) => issue.path),
        path,
      ).toContain(path);
    }
  });

  it("cannot list channels, and cannot read, test or delete one without its id", async () => {
    expect((await api("/labs/api/notify/channels", { headers: stranger() })).status).toBe(401);
    const guessed = `nc_${"A".repeat(22)}`;
    expect((await api(`/labs/api/notify/channels/${guessed}`, { headers: stranger() })).status).toBe(404);
    expect(
      (await api(`/labs/api/notify/channels/${guessed}/test`, { method: "POST", headers: stranger() })).status,
    ).toBe(404);
    expect(
      (await api(`/labs/api/push/subscriptions/${guessed}`, { method: "DELETE", headers: stranger() })).status,
    ).toBe(404);
    expect((await api("/labs/api/push/subscriptions/7", { method: "DELETE", headers: stranger() })).status).toBe(404);
  });

  it("may make a hundred channels together, then are told to ask the operator", async () => {
    const made: string[] = [];
    try {
      // backup.failed is never raised here: these channels are never sent to.
      for (let n = 0; made.length < 100; n++) {
        const answer = await api<{ id: string }>("/labs/api/push/subscriptions", {
          method: "POST",
          headers: stranger(),
          json: { subscription: { endpoint: `https://8.8.4.4/push/${n}`, keys }, types: ["backup.failed"] },
        });
        // Other files' strangers may hold some of the hundred already.
        if (answer.status === 409) break;
        expect(answer.status).toBe(201);
        made.push(answer.data.id);
      }
      const refused = await api<{ error: { code: string; message: string } }>("/labs/api/push/subscriptions", {
        method: "POST",
        headers: stranger(),
        json: { subscription: { endpoint: "https://8.8.4.4/push/one-more", keys }, types: ["backup.failed"] },
      });
      expect(refused.status).toBe(409);
      expect(refused.data.error.message).toMatch(
        /^There are already 100 notification channels made without the operator/,
      );
      const cookie = await operatorCookie();
      const operator = await api<{ id: string }>("/labs/api/push/subscriptions", {
        method: "POST",
        cookie,
        json: { subscription: { endpoint: "https://8.8.4.4/push/operator", keys }, types: ["backup.failed"] },
      });
      expect(operator.status).toBe(201);
      made.push(operator.data.id);
    } finally {
      for (const id of made) await api(`/labs/api/push/subscriptions/${id}`, { method: "DELETE", headers: stranger() });
    }
  });

  it("cannot delete an ntfy topic through the push route, or a push subscription through ntfy's", async () => {
    const cookie = await operatorCookie();
    const topic = await api<{ id: string }>("/labs/api/ntfy", {
      method: "POST",
      cookie,
      json: { server: "https://ntfy.example.com", topic: `t${Date.now()}`, types: ["todo.created"] },
    });
    expect(topic.status).toBe(201);
    expect((await api(`/labs/api/push/subscriptions/${topic.data.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api(`/labs/api/ntfy/${topic.data.id}`, { method: "DELETE" })).status).toBe(200);
  });
});
