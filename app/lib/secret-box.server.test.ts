import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  appSecretMissing,
  decrypt,
  encrypt,
  KEY_FILE_NAME,
  KeyConfigError,
  keyIdOf,
  type Keyring,
  loadKeyring,
  newSecret,
  SecretKeyError,
  secretKeyFrom,
} from "./secret-box.server";

const SECRET_A = "QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE";
const SECRET_B = "QkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkI";
const ring = (secret: string, ...readable: string[]): Keyring => ({
  current: secretKeyFrom(secret),
  readable: readable.map(secretKeyFrom),
  source: { kind: "app-secret" },
});
const TOTP = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const MISSING = "APP_SECRET fehlt";

describe("secrets at rest: the box", () => {
  it("stores AES-256-GCM with the key id in the value: not the secret, a new IV every time, only the key reads it", () => {
    const stored = encrypt(ring(SECRET_A), TOTP, "admin_users.totp:1");
    expect(stored).toMatch(/^enc1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(keyIdOf(stored)).toBe(secretKeyFrom(SECRET_A).id);
    expect(stored).not.toContain(TOTP);
    expect(Buffer.from(stored.split(":")[2]!, "base64url").toString("latin1")).not.toContain(TOTP);
    expect(encrypt(ring(SECRET_A), TOTP, "admin_users.totp:1")).not.toBe(stored);
    expect(decrypt(ring(SECRET_A), stored, "admin_users.totp:1")).toBe(TOTP);
  });

  it("refuses a value under another key, a value moved to another context and an altered value with a SecretKeyError", () => {
    const stored = encrypt(ring(SECRET_A), TOTP, "admin_users.totp:1");
    expect(() => decrypt(ring(SECRET_B), stored, "admin_users.totp:1")).toThrow(SecretKeyError);
    expect(() => decrypt(ring(SECRET_A), stored, "admin_users.totp:2")).toThrow(SecretKeyError);
    const body = Buffer.from(stored.split(":")[2]!, "base64url");
    body[body.length - 1]! ^= 1;
    const altered = `enc1:${keyIdOf(stored)}:${body.toString("base64url")}`;
    expect(() => decrypt(ring(SECRET_A), altered, "admin_users.totp:1")).toThrow(SecretKeyError);
    // A wrong key with the right id cannot be forged: the tag fails.
    const forged: Keyring = {
      current: { id: secretKeyFrom(SECRET_A).id, key: secretKeyFrom(SECRET_B).key },
      readable: [],
      source: { kind: "app-secret" },
    };
    expect(() => decrypt(forged, stored, "admin_users.totp:1")).toThrow(SecretKeyError);
  });

  it("reads with the previous key until a rotation, and passes a plaintext row of before through", () => {
    const old = encrypt(ring(SECRET_A), TOTP, "c");
    expect(decrypt(ring(SECRET_B, SECRET_A), old, "c")).toBe(TOTP);
    expect(decrypt(ring(SECRET_B), TOTP, "c")).toBe(TOTP);
    expect(() => encrypt({ current: null, readable: [], source: { kind: "app-secret" } }, TOTP, "c")).toThrow(SecretKeyError);
  });

  it("derives the same key id from the same secret (every instance, every backup) and another from another", () => {
    expect(secretKeyFrom(SECRET_A).id).toBe(secretKeyFrom(SECRET_A).id);
    expect(secretKeyFrom(SECRET_A).id).not.toBe(secretKeyFrom(SECRET_B).id);
    expect(newSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("secrets at rest: where the key comes from", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-key-"));
    dirs.push(dir);
    return path.join(dir, "data");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("without APP_SECRET on the embedded database: a key file created once with mode 0600, then reused, never overwritten", () => {
    const dataDir = tmp();
    const first = loadKeyring({ NODE_ENV: "production", DATA_DIR: dataDir }, { appSecretMissing: MISSING });
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const content = fs.readFileSync(file, "utf8");
    expect(content.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.source).toMatchObject({ kind: "key-file", file });
    const again = loadKeyring({ NODE_ENV: "production", DATA_DIR: dataDir }, { appSecretMissing: MISSING });
    expect(again.current!.id).toBe(first.current!.id);
    expect(fs.readFileSync(file, "utf8")).toBe(content);
    // No temporary file is left beside it.
    expect(fs.readdirSync(dataDir)).toEqual([KEY_FILE_NAME]);
  });

  it("does not create the key file when asked not to (the restore's check)", () => {
    const dataDir = tmp();
    const ringWithout = loadKeyring({ NODE_ENV: "production", DATA_DIR: dataDir }, { create: false, appSecretMissing: MISSING });
    expect(ringWithout.current).toBeNull();
    expect(fs.existsSync(path.join(dataDir, KEY_FILE_NAME))).toBe(false);
  });

  it("refuses a key file that holds no key", () => {
    const dataDir = tmp();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, KEY_FILE_NAME), "kurz\n");
    expect(() => loadKeyring({ NODE_ENV: "test", DATA_DIR: dataDir }, { appSecretMissing: MISSING })).toThrow(SecretKeyError);
  });

  it("APP_SECRET wins over the key file and writes nothing to disk; APP_SECRET_PREVIOUS is readable only", () => {
    const dataDir = tmp();
    const keys = loadKeyring(
      { NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "postgres://x@h/db", APP_SECRET: SECRET_B, APP_SECRET_PREVIOUS: SECRET_A },
      { appSecretMissing: MISSING },
    );
    expect(keys.current!.id).toBe(secretKeyFrom(SECRET_B).id);
    expect(keys.readable.map((key) => key.id)).toEqual([secretKeyFrom(SECRET_A).id]);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("on PostgreSQL in production APP_SECRET is required; in development and tests the key file stands in", () => {
    const dataDir = tmp();
    const postgres = { DATA_DIR: dataDir, DATABASE_URL: "postgres://x@h/db" };
    expect(appSecretMissing({ ...postgres, NODE_ENV: "production" })).toBe(true);
    expect(() => loadKeyring({ ...postgres, NODE_ENV: "production" }, { appSecretMissing: MISSING })).toThrow(new KeyConfigError(MISSING));
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(appSecretMissing({ ...postgres, NODE_ENV: "development" })).toBe(false);
    expect(loadKeyring({ ...postgres, NODE_ENV: "development" }, { appSecretMissing: MISSING }).source.kind).toBe("key-file");
    expect(appSecretMissing({ DATA_DIR: dataDir, NODE_ENV: "production" })).toBe(false);
  });
});
