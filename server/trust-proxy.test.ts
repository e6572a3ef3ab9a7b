import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { clientAddress, compileTrustProxy, requestProtocol, trustsAnyProxy } from "./forwarded";

/** What server/forwarded.ts derives under TRUST_PROXY for one real request from 127.0.0.1: the client's address and protocol. */
async function forwardedFacts(trustProxy: string, headers: Record<string, string>) {
  const trust = compileTrustProxy(trustProxy);
  const server = http
    .createServer((request, response) => {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ address: clientAddress(request, trust), protocol: requestProtocol(request, trust) }));
    })
    .listen(0, "127.0.0.1");
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    return (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as { address: string; protocol: string };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The client address (the key of every per-IP limit) for a request with this X-Forwarded-For. */
const clientIp = async (trustProxy: string, forwardedFor: string) =>
  (await forwardedFacts(trustProxy, { "X-Forwarded-For": forwardedFor })).address;

/** The protocol for a request that claims https in X-Forwarded-Proto. */
const protocol = async (trustProxy: string) => (await forwardedFacts(trustProxy, { "X-Forwarded-Proto": "https" })).protocol;

describe("TRUST_PROXY: the client's address and protocol behind trusted proxies", () => {
  const forged = "203.0.113.66, 198.51.100.7";
  it("a hop count trusts that many proxies from the right, never the client's own left-most entry", async () => {
    expect(await clientIp("1", forged)).toBe("198.51.100.7");
    expect(await clientIp("false", forged)).toBe("127.0.0.1");
  });

  it("a list of addresses or subnets trusts exactly those proxies", async () => {
    expect(await clientIp("127.0.0.1", forged)).toBe("198.51.100.7");
    expect(await clientIp("loopback, 198.51.100.0/24", forged)).toBe("203.0.113.66");
    expect(await clientIp("10.0.0.0/8", forged)).toBe("127.0.0.1");
  });

  it("X-Forwarded-Proto counts only when the peer is a trusted proxy", async () => {
    for (const trusted of ["true", "1", "127.0.0.1", "loopback"]) expect(await protocol(trusted), trusted).toBe("https");
    for (const untrusted of ["false", "0", "10.0.0.0/8"]) expect(await protocol(untrusted), untrusted).toBe("http");
    expect((await forwardedFacts("true", {})).protocol).toBe("http");
    expect((await forwardedFacts("true", { "X-Forwarded-Proto": "http" })).protocol).toBe("http");
  });

  it("trustsAnyProxy: only the flag false and the hop count 0 trust none", () => {
    for (const none of ["false", "0"]) expect(trustsAnyProxy(none), none).toBe(false);
    for (const some of ["1", "true", "10.0.0.0/8", "loopback"]) expect(trustsAnyProxy(some), some).toBe(true);
  });
});
