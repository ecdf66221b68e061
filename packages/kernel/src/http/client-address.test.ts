import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { clientAddressOf, trustedProxiesFromEnv } from "./client-address";

/** An upgrade request as Node hands it over: its peer's address, and the headers it came with. */
function requestFrom(peer: string, forwardedFor?: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: peer });
  return { socket, connection: socket, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} } as IncomingMessage;
}

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless set, any peer for true, else the addresses and ranges named", () => {
    expect(trustedProxiesFromEnv({})).toBe(false);
    expect(trustedProxiesFromEnv({ TRUST_PROXY: "true" })).toBe(true);
    expect(trustedProxiesFromEnv({ TRUST_PROXY: "10.0.0.0/8, loopback" })).toEqual(["10.0.0.0/8", "loopback"]);
  });

  it("refuses what names no proxy, a hop count among them (Fastify trusts nothing for one)", () => {
    expect(() => trustedProxiesFromEnv({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY must be true, or the proxies' addresses/);
    expect(() => trustedProxiesFromEnv({ TRUST_PROXY: "2" })).toThrow(/not 2/);
    expect(() => trustedProxiesFromEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/not 10.0.0.0\/33/);
  });
});

describe("a WebSocket client's address", () => {
  it("is the peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddressOf(false)(requestFrom("198.51.100.4", "203.0.113.9"))).toBe("198.51.100.4");
  });

  it("is the forwarded address when the peer is a trusted proxy, and the peer when it is not", () => {
    expect(clientAddressOf(["10.0.0.0/8"])(requestFrom("10.1.2.3", "203.0.113.9"))).toBe("203.0.113.9");
    expect(clientAddressOf(["10.0.0.0/8"])(requestFrom("198.51.100.4", "203.0.113.9"))).toBe("198.51.100.4");
  });
});
