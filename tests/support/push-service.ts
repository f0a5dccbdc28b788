import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { freePort } from "@/tests/support/server";

// A real push service on loopback: the web-push-testing package, run as its
// own process as its command does. Phones are stood in for by its
// subscriptions; it checks each push's VAPID signature, decrypts it
// (aes128gcm) and keeps what arrived for the test to read back.

/** A subscription as the push service made it: what a browser's PushSubscription.toJSON() holds, and its hash. */
export type ServiceSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
};

export type PushService = {
  url: string;
  subscribe: (applicationServerKey: string) => Promise<ServiceSubscription>;
  /** What arrived for a subscription, decrypted, oldest first. */
  messages: (clientHash: string) => Promise<string[]>;
  /** From now on the service answers 410 Gone for this subscription, as for a phone that unsubscribed. */
  expire: (clientHash: string) => Promise<void>;
  stop: () => Promise<void>;
};

/** A POST to the service; its answers are JSON, but for a bare "OK". */
async function call<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`push service ${url}: ${response.status} ${text}`);
  return (text.startsWith("{") ? JSON.parse(text) : {}) as T;
}

export async function startPushService(): Promise<PushService> {
  const port = await freePort();
  const require = createRequire(import.meta.url);
  const entry = path.join(path.dirname(require.resolve("web-push-testing/package.json")), "src/bin/server.js");
  const child: ChildProcess = spawn(process.execPath, [entry, JSON.stringify(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Its endpoints name "localhost": the app resolves it as it would any push service's name.
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web-push-testing exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/status`, { method: "POST" }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`web-push-testing did not start on ${url}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    subscribe: async (applicationServerKey) =>
      (await call<{ data: ServiceSubscription }>(`${url}/subscribe`, { applicationServerKey, userVisibleOnly: "true" }))
        .data,
    messages: async (clientHash) =>
      (await call<{ data: { messages: string[] } }>(`${url}/get-notifications`, { clientHash })).data.messages,
    expire: async (clientHash) => {
      await call(`${url}/expire-subscription/${clientHash}`, {});
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
