import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, TRUST_PROXY_TRUE_IN_PRODUCTION } from "./env.server";

describe("TRUST_PROXY", () => {
  it("refuses true in production, with a message asking for the hop count or the proxies' subnets", () => {
    expect(() => parseEnv({ NODE_ENV: "production", TRUST_PROXY: "true" })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: "production", TRUST_PROXY: "true" })).toThrow(
      `Ungültige Konfiguration: TRUST_PROXY ${TRUST_PROXY_TRUE_IN_PRODUCTION}`,
    );
    expect(TRUST_PROXY_TRUE_IN_PRODUCTION).toContain("TRUST_PROXY=1");
  });

  it("keeps true for development and tests", () => {
    expect(parseEnv({ NODE_ENV: "development", TRUST_PROXY: "true" }).TRUST_PROXY).toBe("true");
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe("true");
    expect(parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true" }).TRUST_PROXY).toBe("true");
  });

  it.each(["false", "0", "1", "2", "127.0.0.1", "10.0.0.0/8, 172.16.0.0/12", "loopback,uniquelocal", "::1", "fd00::/8"])(
    "accepts %s in production",
    (value) => {
      expect(parseEnv({ NODE_ENV: "production", TRUST_PROXY: value }).TRUST_PROXY).toBe(value);
    },
  );

  it.each(["yes", "-1", "1.5", "10.0.0.0/33", "::1/129", "10.0.0.0/8/1", "10.0.0.0/x", "proxy.example.at", "10.0.0.1,"])(
    "rejects %s, naming the variable",
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/^Ungültige Konfiguration: TRUST_PROXY muss false, die Anzahl der Proxies/);
    },
  );
});
