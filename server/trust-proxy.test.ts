import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { trustProxySetting } from "./app";

/** The client address Express derives (`req.ip`, the key of every per-IP limit) for one request from 127.0.0.1. */
async function clientIp(trustProxy: string, forwardedFor: string): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustProxy));
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": forwardedFor } })).text();
  } finally {
    server.close();
  }
}

describe("TRUST_PROXY as Express's trust proxy", () => {
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
});
