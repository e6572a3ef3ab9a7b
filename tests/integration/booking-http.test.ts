import { describe, expect, it } from "vitest";
import { type TestServer, useServer } from "../support/fixtures";
import { freeSlotsOfOneDay } from "../support/http";

/**
 * The booking rate limit over real HTTP: the client IP is the socket address,
 * and X-Forwarded-For counts only when TRUST_PROXY is set: a number trusts that
 * many hops from the right, a list the proxies at those addresses or subnets
 * (`true`, every hop, is refused in production).
 */
/** A server of its own with a booking limit of 1 per client address and the given TRUST_PROXY. */
function serverWithTrustProxy(trustProxy: string): () => TestServer {
  const server = useServer({ BOOKING_RATE_LIMIT: "1", TRUST_PROXY: trustProxy, LOG_LEVEL: "warn", EMAIL_WORKER: "false" });
  return () => server;
}

function book(server: TestServer, slot: { date: string; time: string }, forwardedFor: string, email: string) {
  return fetch(`${server.origin}/api/v1/appointments`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.origin, "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ name: "Anna Muster", email, phone: "0664 1234567", service: "Wartung", ...slot }),
  });
}

describe.each([
  // The test's requests come from 127.0.0.1: as a listed proxy, its X-Forwarded-For counts.
  { trustProxy: "127.0.0.1", forwardedCounts: true },
  { trustProxy: "false", forwardedCounts: false },
])("booking rate limit with TRUST_PROXY=$trustProxy", ({ trustProxy, forwardedCounts }) => {
  const server = serverWithTrustProxy(trustProxy);

  it(`a second booking from another X-Forwarded-For address is ${forwardedCounts ? "allowed" : "limited"}`, async () => {
    const [first, second, third] = await freeSlotsOfOneDay(server().origin, 3);
    expect((await book(server(), first!, "198.51.100.1", "a@example.at")).status).toBe(201);
    const other = await book(server(), second!, "198.51.100.2", "b@example.at");
    expect(other.status).toBe(forwardedCounts ? 201 : 429);
    // The same address again is limited either way.
    expect((await book(server(), third!, "198.51.100.1", "c@example.at")).status).toBe(429);
  });

  it("without an Origin header a booking is refused (403)", async () => {
    const response = await fetch(`${server().origin}/api/v1/appointments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });
});

/*
 * TRUST_PROXY as a number of proxies: the app trusts the socket (the nearest
 * proxy) and hops - 1 more entries from the right of X-Forwarded-For; the client
 * is the entry just left of them. Anything to its left is whatever the client
 * sent and must not count. Each case fails if the number were ignored: `true`
 * would pick the left-most entry, `false` the socket address, and another hop
 * count another entry.
 */
describe.each([
  {
    hops: 1,
    // The client is the right-most entry; the left ones are made up by the client.
    first: "203.0.113.50, 198.51.100.1",
    sameClient: "203.0.113.51, 198.51.100.1",
    otherClient: "203.0.113.50, 198.51.100.2",
  },
  {
    hops: 2,
    // The client is the second entry from the right; the right-most is an inner proxy.
    first: "203.0.113.50, 198.51.100.1, 10.0.0.7",
    sameClient: "203.0.113.51, 198.51.100.1, 10.0.0.8",
    otherClient: "203.0.113.50, 198.51.100.2, 10.0.0.7",
  },
])("booking rate limit with TRUST_PROXY=$hops (proxies in front)", ({ hops, first, sameClient, otherClient }) => {
  const server = serverWithTrustProxy(String(hops));

  it(`keys on the ${hops === 1 ? "right-most" : "second right-most"} X-Forwarded-For address, not the left-most or the socket`, async () => {
    const [a, b, c] = await freeSlotsOfOneDay(server().origin, 3);
    expect((await book(server(), a!, first, "a@example.at")).status, `first booking via ${first}`).toBe(201);
    // Same client behind other made-up left entries (and another inner proxy): limited.
    expect((await book(server(), b!, sameClient, "b@example.at")).status, `same client via ${sameClient}`).toBe(429);
    // Another client with the first one's made-up left entry: its own limit.
    expect((await book(server(), c!, otherClient, "c@example.at")).status, `other client via ${otherClient}`).toBe(201);
  });
});
