import { describe, expect, it } from "vitest";
import { isAllowedAddress, refuseDestination } from "@/lib/events/outbound";

describe("where pushes and ntfy messages may go", () => {
  it("public unicast addresses only, unless private ones are allowed", () => {
    for (const address of ["8.8.8.8", "2606:4700:4700::1111", "142.250.184.10"]) {
      expect(isAllowedAddress(address, false), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "192.168.1.20",
      "172.16.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "fc00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
    ]) {
      expect(isAllowedAddress(address, false), address).toBe(false);
      expect(isAllowedAddress(address, true), address).toBe(true);
    }
  });

  it("https without credentials; http and local names only when private addresses are allowed", () => {
    expect(refuseDestination("https://fcm.googleapis.com/fcm/send/abc", false)).toBeNull();
    expect(refuseDestination("http://push.example.com/x", false)).toBe("httpsOnly");
    expect(refuseDestination("http://push.example.com/x", true)).toBeNull();
    expect(refuseDestination("https://user:pw@push.example.com/x", false)).toBe("credentials");
    expect(refuseDestination("https://127.0.0.1/x", false)).toBe("notPublic");
    expect(refuseDestination("https://[::1]/x", false)).toBe("notPublic");
    expect(refuseDestination("https://localhost/x", false)).toBe("notPublic");
    expect(refuseDestination("https://localhost/x", true)).toBeNull();
    expect(refuseDestination("ftp://push.example.com/x", true)).toBe("httpsOnly");
    expect(refuseDestination("not a url", false)).toBe("notAddress");
  });
});
