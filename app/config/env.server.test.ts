import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, PASSWORD_HASH_COST_BELOW_MINIMUM, TRUST_PROXY_TRUE_IN_PRODUCTION } from "./env.server";

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

describe("PASSWORD_HASH_COST", () => {
  it("is OWASP's 2^17 unless set, and a cheaper hash only in tests", () => {
    expect(parseEnv({ NODE_ENV: "production" }).PASSWORD_HASH_COST).toBe(17);
    expect(parseEnv({ NODE_ENV: "production", PASSWORD_HASH_COST: "18" }).PASSWORD_HASH_COST).toBe(18);
    expect(parseEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "10" }).PASSWORD_HASH_COST).toBe(10);
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => parseEnv({ NODE_ENV, PASSWORD_HASH_COST: "16" })).toThrow(
        `Ungültige Konfiguration: PASSWORD_HASH_COST ${PASSWORD_HASH_COST_BELOW_MINIMUM}`,
      );
    }
    expect(() => parseEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "9" })).toThrow(
      /PASSWORD_HASH_COST muss eine ganze Zahl von 10 bis 20 sein/,
    );
  });
});

describe("APP_SECRET", () => {
  it("takes 256 random bits as base64 or hex (openssl rand -base64 32 / -hex 32) and refuses a short or passphrase-like value", () => {
    const base64 = "q0Zl3Yc2m9WbH1uXvA7tK4sR8pN6eJ5gD2fC0oI9LxY=";
    const hex = "a".repeat(64);
    expect(parseEnv({ APP_SECRET: base64 }).APP_SECRET).toBe(base64);
    expect(parseEnv({ APP_SECRET: hex, APP_SECRET_PREVIOUS: base64 }).APP_SECRET_PREVIOUS).toBe(base64);
    for (const value of ["kurz", "a".repeat(42), "ein langes Passwort mit Leerzeichen, das niemand errät!"]) {
      expect(() => parseEnv({ APP_SECRET: value })).toThrow(/^Ungültige Konfiguration: APP_SECRET muss mindestens 32 zufällige Bytes/);
    }
  });

  it("APP_SECRET_PREVIOUS only with APP_SECRET", () => {
    expect(() => parseEnv({ APP_SECRET_PREVIOUS: "b".repeat(64) })).toThrow(
      "Ungültige Konfiguration: APP_SECRET_PREVIOUS gilt nur zusammen mit APP_SECRET (dem neuen Schlüssel).",
    );
  });
});
