import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { isBrowserUserAgent, isLoopbackAddress, isLoopbackRequest } from "@/lib/research/browser-guard";
import { PEER_ADDRESS_HEADER, peerAddress, recordPeerAddresses } from "@/lib/http/peer-address";

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

describe("isBrowserUserAgent", () => {
  it.each([
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  ])("accepts %s", (userAgent) => expect(isBrowserUserAgent(userAgent)).toBe(true));

  it.each([
    null,
    "",
    "curl/8.5.0",
    "Wget/1.21",
    "python-requests/2.32.3",
    "node",
    "Mozilla/5.0",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  ])("refuses %j", (userAgent) => expect(isBrowserUserAgent(userAgent)).toBe(false));
});

describe("peer address and isLoopbackRequest", () => {
  const request = (headers: Record<string, string>) => new Request("http://127.0.0.1/x", { headers });

  let close: (() => void) | undefined;
  afterEach(() => close?.());

  it("records the socket's address over whatever the client sent under that header", async () => {
    recordPeerAddresses();
    const seen = await new Promise<string | undefined>((resolve, reject) => {
      const server = createServer((req, res) => {
        resolve(req.headers[PEER_ADDRESS_HEADER] as string | undefined);
        res.end();
      });
      close = () => server.close();
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        if (typeof address !== "object" || !address) return reject(new Error("no port"));
        fetch(`http://127.0.0.1:${address.port}/`, { headers: { [PEER_ADDRESS_HEADER]: "203.0.113.9" } }).catch(reject);
      });
    });
    expect(seen).toBe("127.0.0.1");
  });

  it("needs a loopback peer and no forwarding header naming anyone else", () => {
    recordPeerAddresses();
    expect(peerAddress(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1" }))).toBe("127.0.0.1");
    expect(isLoopbackRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1" }))).toBe(true);
    expect(isLoopbackRequest(request({ [PEER_ADDRESS_HEADER]: "::1", "x-forwarded-for": "::1" }))).toBe(true);
    expect(isLoopbackRequest(request({ [PEER_ADDRESS_HEADER]: "203.0.113.9" }))).toBe(false);
    expect(isLoopbackRequest(request({}))).toBe(false);
    expect(
      isLoopbackRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "127.0.0.1, 203.0.113.9" })),
    ).toBe(false);
    expect(isLoopbackRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-real-ip": "198.51.100.2" }))).toBe(false);
    expect(
      isLoopbackRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", forwarded: "for=127.0.0.1, for=192.0.2.60" })),
    ).toBe(false);
    expect(isLoopbackRequest(request({ [PEER_ADDRESS_HEADER]: "127.0.0.1", forwarded: 'for="[::1]:80"' }))).toBe(true);
    // The Host a client names proves nothing.
    expect(isLoopbackRequest(new Request("http://127.0.0.1/x", { headers: { host: "127.0.0.1" } }))).toBe(false);
  });
});
