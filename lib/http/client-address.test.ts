import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { clientNetwork, isLoopbackAddress, isLocalRequest, resolveClientAddress } from "@/lib/http/client-address";
import { FORWARDING_HEADERS, PEER_ADDRESS_HEADER, peerAddress } from "@/lib/http/peer-address";
import { recordPeer, startRecordingPeers } from "@/lib/http/peer-recorder.mjs";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "[::1]:4711", "127.0.0.1:8080", " 127.0.0.1 "])(
    "%s is loopback",
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each([
    "203.0.113.9",
    "10.0.0.1",
    "::ffff:10.0.0.1",
    "2001:db8::1",
    "localhost",
    "unknown",
    "_hidden",
    "",
    "128.0.0.1",
  ])("%j is not", (address) => expect(isLoopbackAddress(address)).toBe(false));
});

describe("clientNetwork", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    expect(clientNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:0:0:0:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
  });
});

describe("resolveClientAddress", () => {
  const resolve = (peer: string | null, forwardedFor: string | null, trusted: string[] = []) =>
    resolveClientAddress({ peer, forwardedFor, trusted });

  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolve("203.0.113.9", null)).toBe("203.0.113.9");
    expect(resolve("203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
    expect(resolve("127.0.0.1", "198.51.100.7")).toBe("127.0.0.1");
    expect(resolve("::ffff:192.0.2.1", null)).toBe("192.0.2.1");
  });

  it("is the right-most untrusted hop behind trusted proxies", () => {
    // A client that writes the operator's address first is still itself.
    expect(resolve("127.0.0.1", "198.51.100.7, 203.0.113.9", ["loopback"])).toBe("203.0.113.9");
    expect(resolve("10.0.0.2", "203.0.113.9, 10.0.0.5", ["10.0.0.0/8"])).toBe("203.0.113.9");
    expect(resolve("10.0.0.2", "203.0.113.9", ["10.0.0.2"])).toBe("203.0.113.9");
    expect(resolve("::1", "2001:db8::7", ["loopback"])).toBe("2001:db8::7");
  });

  it("does not believe a header from a peer that is not trusted", () => {
    expect(resolve("203.0.113.50", "198.51.100.7", ["10.0.0.0/8"])).toBe("203.0.113.50");
  });

  it("falls back to the peer when the hops are all proxies, absent or garbage", () => {
    expect(resolve("127.0.0.1", null, ["loopback"])).toBe("127.0.0.1");
    expect(resolve("127.0.0.1", "127.0.0.1", ["loopback"])).toBe("127.0.0.1");
    expect(resolve("127.0.0.1", "198.51.100.7, not-an-ip", ["loopback"])).toBe("127.0.0.1");
  });

  it("is unknown without a readable peer", () => {
    expect(resolve(null, "198.51.100.7", ["loopback"])).toBe("unknown");
    expect(resolve("", null)).toBe("unknown");
  });
});

describe("peer address and isLocalRequest", () => {
  // As the recorder leaves a request: the peer, and each forwarding header
  // the client sent copied under our own name.
  const request = (headers: Record<string, string>) => {
    const raw = Object.entries(headers)
      .filter(([name]) => (FORWARDING_HEADERS as readonly string[]).includes(name))
      .map(([name, value]) => [`x-labs-raw-${name}`, value]);
    return new Request("http://127.0.0.1/x", { headers: { ...headers, ...Object.fromEntries(raw) } });
  };

  let close: (() => void) | undefined;
  afterEach(() => close?.());

  it("records the socket's address and the raw forwarding headers over whatever the client sent", async () => {
    startRecordingPeers();
    const seen = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const server = createServer((req, res) => {
        recordPeer(req);
        // Both ways of reading them agree: the parsed headers and the raw list.
        const raw: Record<string, string[]> = {};
        for (let index = 0; index < req.rawHeaders.length; index += 2) {
          (raw[req.rawHeaders[index]!.toLowerCase()] ??= []).push(req.rawHeaders[index + 1]!);
        }
        expect(raw[PEER_ADDRESS_HEADER]).toEqual(["127.0.0.1"]);
        expect(raw["x-labs-raw-x-forwarded-for"]).toEqual([""]);
        resolve({ ...req.headers });
        res.end();
      });
      close = () => server.close();
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        if (typeof address !== "object" || !address) return reject(new Error("no port"));
        const forged = {
          [PEER_ADDRESS_HEADER]: "203.0.113.9",
          "x-labs-raw-x-forwarded-for": "203.0.113.9",
          "x-forwarded-proto": "https",
        };
        fetch(`http://127.0.0.1:${address.port}/`, { headers: forged }).catch(reject);
      });
    });
    expect(seen[PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
    expect(seen["x-labs-raw-x-forwarded-for"]).toBe("");
    expect(seen["x-labs-raw-x-forwarded-proto"]).toBe("https");
    expect(seen["x-labs-peer-tls"]).toBe("0");
  });

  it("needs a loopback peer and no forwarding header at all", () => {
    startRecordingPeers();
    expect(peerAddress(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1" }))).toBe("127.0.0.1");
    expect(isLocalRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1" }))).toBe(true);
    expect(isLocalRequest(request({ [PEER_ADDRESS_HEADER]: "::1" }))).toBe(true);
    expect(isLocalRequest(request({ [PEER_ADDRESS_HEADER]: "::1", "x-forwarded-for": "::1" }))).toBe(false);
    expect(isLocalRequest(request({ [PEER_ADDRESS_HEADER]: "203.0.113.9" }))).toBe(false);
    expect(isLocalRequest(request({}))).toBe(false);
    expect(isLocalRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-real-ip": "198.51.100.2" }))).toBe(false);
    expect(isLocalRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", forwarded: "for=192.0.2.60" }))).toBe(false);
    // The Host a client names proves nothing.
    expect(isLocalRequest(new Request("http://127.0.0.1/x", { headers: { host: "127.0.0.1" } }))).toBe(false);
    // Next's own X-Forwarded-For (filled in when absent) is not the client's.
    const filledByNext = new Request("http://127.0.0.1/x", {
      headers: { [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "127.0.0.1" },
    });
    expect(isLocalRequest(filledByNext)).toBe(true);
  });
});
