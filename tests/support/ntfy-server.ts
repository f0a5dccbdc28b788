import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// A local server speaking ntfy's publishing protocol (https://docs.ntfy.sh/publish/),
// the part Labs uses: POST or PUT /<topic> with the message as the body and
// Title, Tags, Priority and Click as headers (or their X- and one-letter
// forms), values in RFC 2047 encoded words when not ASCII; an access token
// as "Authorization: Bearer"; the message back as JSON. What it took is read
// back as ntfy's clients read it: GET /<topic>/json?poll=1, one JSON object a line.

export type NtfyMessage = {
  id: string;
  time: number;
  event: "message";
  topic: string;
  message: string;
  title?: string;
  tags?: string[];
  priority?: number;
  click?: string;
  /** Not ntfy's: the token the publisher sent, for the tests' eyes only. */
  token?: string;
};

export type NtfyServer = {
  url: string;
  messages: (topic: string) => NtfyMessage[];
  /** Publishing to this topic needs this token; anything else is 403, as ntfy answers. */
  protect: (topic: string, token: string) => void;
  /** While true, publishing to this topic is answered 503, as an ntfy server that is down for a moment. */
  unavailable: (topic: string, down: boolean) => void;
  stop: () => Promise<void>;
};

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as ntfy decodes its headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function header(request: IncomingMessage, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === "string") return decodeWords(value);
  }
  return undefined;
}

export async function startNtfyServer(): Promise<NtfyServer> {
  const topics = new Map<string, NtfyMessage[]>();
  const tokens = new Map<string, string>();
  const down = new Set<string>();
  let next = 1;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://ntfy");
    const [topic, format] = url.pathname.split("/").filter(Boolean);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(`${JSON.stringify(body)}\n`);
    if (!topic || !/^[-_A-Za-z0-9]{1,64}$/.test(topic))
      return json(404, { code: 40401, http: 404, error: "page not found" });
    if (request.method === "GET" && format === "json") {
      response.writeHead(200, { "content-type": "application/x-ndjson" });
      return response.end((topics.get(topic) ?? []).map((message) => `${JSON.stringify(message)}\n`).join(""));
    }
    if (request.method !== "POST" && request.method !== "PUT")
      return json(405, { code: 40501, http: 405, error: "method not allowed" });
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (down.has(topic)) return json(503, { code: 50301, http: 503, error: "service unavailable" });
      const required = tokens.get(topic);
      if (required && token !== required) return json(403, { code: 40301, http: 403, error: "forbidden" });
      const tags = header(request, "x-tags", "tags", "tag", "ta");
      const priority = header(request, "x-priority", "priority", "prio", "p");
      const message: NtfyMessage = {
        id: `msg${next++}`,
        time: Math.floor(Date.now() / 1000),
        event: "message",
        topic,
        message: Buffer.concat(chunks).toString("utf8"),
        title: header(request, "x-title", "title", "t"),
        tags: tags ? tags.split(",").map((tag) => tag.trim()) : undefined,
        priority: priority ? Number(priority) : undefined,
        click: header(request, "x-click", "click"),
        token,
      };
      topics.set(topic, [...(topics.get(topic) ?? []), message]);
      // What ntfy answers: the message, without the publisher's token.
      json(200, { ...message, token: undefined });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages: (topic) => topics.get(topic) ?? [],
    protect: (topic, token) => void tokens.set(topic, token),
    unavailable: (topic, isDown) => void (isDown ? down.add(topic) : down.delete(topic)),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
