import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { login } from "~/auth/login.server";
import {
  checkSecrets,
  openTotpSecret,
  RECOVERY_KEY_SETTING,
  restoredSecretsNote,
  rotateSecrets,
  sealTotpSecret,
  secureSecretsAtRest,
} from "~/auth/secrets-at-rest.server";
import { consumeRecoveryCode, issueRecoveryCodes } from "~/auth/totp.server";
import { dumpDatabase, restoreDatabase } from "~/db/backup.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { adminUsers, recoveryCodes, settings } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import {
  installKeyring,
  KEY_FILE_NAME,
  keyIdOf,
  type Keyring,
  keyring,
  loadKeyring,
  NEXT_KEY_FILE_NAME,
  SecretKeyError,
  secretKeyFrom,
  writeNextKeyFile,
} from "~/lib/secret-box.server";
import { secretKeyMessages } from "~/messages";
import { enableSecondFactor, startEnrolment } from "~/services/second-factor.server";
import { createTestDatabase, testDatabaseKinds } from "../support/databases";
import { createAdminAccount, createAdminIdentity, DEFAULT_ADMIN_PASSWORD } from "../support/factories";
import { unpackMigratedPglite, useApiApp, useServer, useTestDatabase } from "../support/fixtures";

/** Decision 035: TOTP secrets encrypted with a key outside the database, recovery codes as an HMAC. */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const PASSWORD = DEFAULT_ADMIN_PASSWORD;
const EMAIL = "chef@happycar.example";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const OTHER_SECRET = "T1RIRVItS0VZLW9mLWFub3RoZXItc2VydmVyLW5vdC10aGlzLW9uZQ";
const t0 = new Date("2026-12-01T08:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const normalized = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

function codeAt(secret: string, when: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: when.getTime(),
  });
}

const appSecretRing = (secret: string, ...previous: string[]): Keyring => ({
  current: secretKeyFrom(secret),
  readable: previous.map(secretKeyFrom),
  source: { kind: "app-secret" },
});

afterEach(() => installKeyring(undefined));

describe.each(testDatabaseKinds)("secrets at rest on %s", (kind) => {
  const database = useTestDatabase(kind);
  const api = useApiApp(database);

  const row = async (id: string) => (await database.db.select().from(adminUsers).where(eq(adminUsers.id, id)))[0]!;
  const attempt = (code: string | undefined, now: Date, ip = "10.9.0.1") =>
    login(database.db, { email: EMAIL, password: PASSWORD, code, ip, now, requestId: "req-secrets" });

  it("enrolment stores the TOTP secret encrypted under the key (not the base32, not decodable without the key); the code logs in", async () => {
    const admin = await createAdminIdentity(database.db, { email: EMAIL });
    const setup = await startEnrolment(database.db, admin);
    if (!setup.ok) throw new Error("enrolment refused");
    const secret = setup.value.secret;
    const pending = (await row(admin.id)).totpPendingSecret!;
    expect(pending).toMatch(new RegExp(`^enc1:${keyring().current!.id}:`));
    expect(pending).not.toContain(secret);
    const enabled = await enableSecondFactor(database.db, {
      admin,
      password: PASSWORD,
      code: codeAt(secret, t0),
      ip: "10.9.0.1",
      requestId: "r",
      now: t0,
    });
    expect(enabled.ok).toBe(true);
    const stored = (await row(admin.id)).totpSecret!;
    expect(stored).toMatch(/^enc1:[0-9a-f]{8}:/);
    expect(stored).not.toContain(secret);
    // What a dump holds decodes to neither the base32 text nor its bytes.
    const body = Buffer.from(stored.split(":")[2]!, "base64url");
    expect(body.toString("latin1")).not.toContain(secret);
    expect(body.includes(Buffer.from(OTPAuth.Secret.fromBase32(secret).bytes))).toBe(false);
    // Without the key it cannot be opened; with it, it is the app's secret.
    expect(() => openTotpSecret(admin.id, stored, appSecretRing(OTHER_SECRET))).toThrow(SecretKeyError);
    expect(openTotpSecret(admin.id, stored)).toBe(secret);
    // Copied to another account, it does not decrypt (the account id is authenticated with it).
    expect(() => openTotpSecret(crypto.randomUUID(), stored)).toThrow(SecretKeyError);
    const result = await attempt(codeAt(secret, at(60)), at(60));
    expect(result.ok).toBe(true);
  });

  it("recovery codes are stored as an HMAC under the wrapped recovery key, not as SHA-256; each counts once", async () => {
    const admin = await createAdminIdentity(database.db, { email: EMAIL, totpSecret: sealTotpSecret("x", SECRET) });
    const codes = await issueRecoveryCodes(database.db, admin.id, t0);
    const stored = (await database.db.select().from(recoveryCodes)).map((code) => code.codeHash);
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored).not.toContain(sha256(normalized(code)));
    for (const hash of stored) expect(hash).toMatch(/^h1:[0-9a-f]{64}$/);
    // The HMAC key is in the database only wrapped by the master key.
    const [wrapped] = await database.db.select().from(settings).where(eq(settings.key, RECOVERY_KEY_SETTING));
    expect(wrapped!.value).toMatch(new RegExp(`^enc1:${keyring().current!.id}:`));
    expect(await consumeRecoveryCode(database.db, admin.id, codes[0]!, t0)).toBe(true);
    expect(await consumeRecoveryCode(database.db, admin.id, codes[0]!, t0)).toBe(false);
    // Two racing uses of one code: exactly one counts.
    const race = await Promise.all([1, 2, 3].map(() => consumeRecoveryCode(database.db, admin.id, codes[1]!, t0)));
    expect(race.filter(Boolean)).toHaveLength(1);
  });

  it("the start-up step encrypts a plaintext secret and converts SHA-256 recovery codes in place; the code and the old recovery codes still log in; a second run changes nothing", async () => {
    // A database as it was before decision 035: the secret in clear, recovery codes as a plain SHA-256.
    const admin = await createAdminIdentity(database.db, { email: EMAIL, totpSecret: SECRET, totpEnabledAt: t0 });
    const pendingOne = await createAdminIdentity(database.db, { email: "staff@happycar.example", totpPendingSecret: SECRET });
    const oldCodes = ["k7m2p-x9q4r", "abcde-fghjk"];
    await database.db.insert(recoveryCodes).values(oldCodes.map((code) => ({ userId: admin.id, codeHash: sha256(normalized(code)) })));

    const first = await secureSecretsAtRest(database.db, keyring());
    expect(first.report).toMatchObject({ encrypted: 2, convertedCodes: 2, unreadable: 0 });
    const after = await row(admin.id);
    expect(after.totpSecret).toMatch(/^enc1:/);
    expect(after.totpSecret).not.toContain(SECRET);
    expect((await row(pendingOne.id)).totpPendingSecret).toMatch(/^enc1:/);
    const hashes = (await database.db.select().from(recoveryCodes)).map((code) => code.codeHash);
    expect(hashes.every((hash) => hash.startsWith("h1:"))).toBe(true);
    expect(hashes).not.toContain(sha256(normalized(oldCodes[0]!)));

    const again = await secureSecretsAtRest(database.db, keyring());
    expect(again.report).toMatchObject({ encrypted: 0, convertedCodes: 0, unreadable: 0 });
    expect((await row(admin.id)).totpSecret).toBe(after.totpSecret);

    expect((await attempt(codeAt(SECRET, at(60)), at(60))).ok).toBe(true);
    expect((await attempt(oldCodes[0], at(120), "10.9.0.2")).ok).toBe(true);
    expect(await consumeRecoveryCode(database.db, admin.id, oldCodes[0]!, at(130))).toBe(false);
  });

  it("a wrong key cannot log in: a clear 503 in German for that login, the step counts it, everything else goes on", async () => {
    const admin = await createAdminIdentity(database.db, { email: EMAIL });
    await database.db
      .update(adminUsers)
      .set({ totpSecret: sealTotpSecret(admin.id, SECRET), totpEnabledAt: t0 })
      .where(eq(adminUsers.id, admin.id));
    await createAdminIdentity(database.db, { email: "ohne@happycar.example" });
    await issueRecoveryCodes(database.db, admin.id, t0);

    const rightId = keyring().current!.id;
    const wrong = appSecretRing(OTHER_SECRET);
    const { report } = await secureSecretsAtRest(database.db, wrong);
    expect(report).toMatchObject({ encrypted: 0, unreadable: 2, keyIds: [rightId] });
    installKeyring(wrong);
    // Real time throughout: the API below logs in now, and the login gate's lease is timed.
    const now = new Date();
    await expect(attempt(codeAt(SECRET, now), now)).rejects.toThrow(SecretKeyError);

    const errors: unknown[] = [];
    vi.spyOn(logger, "error").mockImplementation(((entry: unknown) => void errors.push(entry)) as never);
    const refused = await api.request("/api/v1/admin/login", {
      json: { email: EMAIL, password: PASSWORD, code: codeAt(SECRET, new Date()) },
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: secretKeyMessages.unavailable });
    expect(errors).toEqual([expect.objectContaining({ keyId: rightId, reason: secretKeyMessages.unknownKey(rightId) })]);
    // An account without the factor, and the public API, are not affected.
    const other = await api.request("/api/v1/admin/login", { json: { email: "ohne@happycar.example", password: PASSWORD } });
    expect(other.status).toBe(204);
    expect((await api.request("/healthz")).status).toBe(200);
    // The secret and the codes are untouched: the right key logs in again.
    installKeyring(undefined);
    expect((await attempt(codeAt(SECRET, new Date()), new Date(), "10.9.0.3")).ok).toBe(true);
  });

  it("a new APP_SECRET with APP_SECRET_PREVIOUS: rotateSecrets re-encrypts everything in one go; then the new key alone logs in, recovery codes too", async () => {
    const admin = await createAdminIdentity(database.db, { email: EMAIL });
    await database.db
      .update(adminUsers)
      .set({ totpSecret: sealTotpSecret(admin.id, SECRET), totpEnabledAt: t0 })
      .where(eq(adminUsers.id, admin.id));
    const codes = await issueRecoveryCodes(database.db, admin.id, t0);
    const oldId = keyring().current!.id;

    const rotating = appSecretRing(OTHER_SECRET, process.env.APP_SECRET!);
    expect(await rotateSecrets(database.db, rotating, rotating.current!)).toEqual({ secrets: 1 });
    const newOnly = appSecretRing(OTHER_SECRET);
    expect(keyIdOf((await row(admin.id)).totpSecret!)).toBe(newOnly.current!.id);
    expect(await checkSecrets(database.db, newOnly)).toEqual({ values: 2, unreadable: 0, keyIds: [] });
    expect((await checkSecrets(database.db, keyring())).keyIds).toEqual([newOnly.current!.id]);
    expect(newOnly.current!.id).not.toBe(oldId);

    installKeyring(newOnly);
    expect((await attempt(codeAt(SECRET, at(60)), at(60))).ok).toBe(true);
    expect((await attempt(codes[0], at(120), "10.9.0.4")).ok).toBe(true);
  });

  it("a backup holds only the encrypted values; the restore says whether the key reads them", async () => {
    const admin = await createAdminIdentity(database.db, { email: EMAIL });
    await database.db
      .update(adminUsers)
      .set({ totpSecret: sealTotpSecret(admin.id, SECRET), totpEnabledAt: t0 })
      .where(eq(adminUsers.id, admin.id));
    const codes = await issueRecoveryCodes(database.db, admin.id, t0);
    const dump = await dumpDatabase(database.db);
    expect(dump).not.toContain(SECRET);
    for (const code of codes) expect(dump).not.toContain(sha256(normalized(code)));

    const target = await createTestDatabase("pglite");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hc-restore-"));
    try {
      await restoreDatabase(target.db, dump);
      const env = { NODE_ENV: "production", DATA_DIR: dataDir };
      expect(await restoredSecretsNote(target.db, { ...env, APP_SECRET: process.env.APP_SECRET })).toEqual({
        ok: true,
        message: secretKeyMessages.restoreReadable,
      });
      const id = keyring().current!.id;
      expect(await restoredSecretsNote(target.db, { ...env, APP_SECRET: OTHER_SECRET })).toEqual({
        ok: false,
        message: secretKeyMessages.restoreUnreadable(2, [id]),
      });
      // Without APP_SECRET the key file is wanted, and the check does not create one.
      expect(await restoredSecretsNote(target.db, env)).toEqual({
        ok: false,
        message: secretKeyMessages.restoreNoKeyFile(path.join(dataDir, KEY_FILE_NAME), [id]),
      });
      expect(fs.existsSync(path.join(dataDir, KEY_FILE_NAME))).toBe(false);
    } finally {
      await target.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the key file and npm run admin -- rotate-key", () => {
  const tmps: string[] = [];
  afterEach(() => {
    for (const dir of tmps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** The embedded database in a data folder of its own, as the server and the tools open it, with its key file. */
  const dataFolder = () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-rotate-"));
    tmps.push(tmp);
    const dataDir = path.join(tmp, "data");
    unpackMigratedPglite(dataDir);
    return dataDir;
  };
  const config = (dataDir: string) => ({ NODE_ENV: "test", DATA_DIR: dataDir });
  const open = async (dataDir: string): Promise<{ database: DatabaseHandle; ring: Keyring }> => {
    const loaded = loadKeyring(config(dataDir), { appSecretMissing: "" });
    const database = await openDatabase({ kind: "pglite", dataDir });
    const { ring } = await secureSecretsAtRest(database.db, loaded);
    installKeyring(ring);
    return { database, ring };
  };
  const admin = (args: string[], env: Record<string, string>) =>
    run(path.join(root, "node_modules/.bin/tsx"), ["scripts/admin.ts", ...args], {
      cwd: root,
      env: { ...process.env, APP_SECRET: "", APP_SECRET_PREVIOUS: "", ...env },
    });

  it("rotate-key makes a new key file (0600), re-encrypts every secret in one transaction; logins and recovery codes still work", async () => {
    const dataDir = dataFolder();
    let { database, ring } = await open(dataDir);
    const keyFile = path.join(dataDir, KEY_FILE_NAME);
    const oldId = ring.current!.id;
    let codes: string[];
    try {
      const account = await createAdminIdentity(database.db, { email: EMAIL });
      await database.db
        .update(adminUsers)
        .set({ totpSecret: sealTotpSecret(account.id, SECRET), totpEnabledAt: t0 })
        .where(eq(adminUsers.id, account.id));
      codes = await issueRecoveryCodes(database.db, account.id, t0);
    } finally {
      await database.close();
      installKeyring(undefined);
    }
    const oldFile = fs.readFileSync(keyFile, "utf8");

    const { stdout } = await admin(["rotate-key"], { DATA_DIR: dataDir, NODE_ENV: "test" });
    ({ database, ring } = await open(dataDir));
    try {
      const newId = ring.current!.id;
      expect(newId).not.toBe(oldId);
      expect(stdout.trim()).toBe(secretKeyMessages.rotatedKeyFile(keyFile, newId, 1));
      expect(fs.readFileSync(keyFile, "utf8")).not.toBe(oldFile);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("secret."))).toEqual([KEY_FILE_NAME]);
      expect(await checkSecrets(database.db, ring)).toEqual({ values: 2, unreadable: 0, keyIds: [] });
      const [stored] = await database.db.select().from(adminUsers);
      expect(keyIdOf(stored!.totpSecret!)).toBe(newId);
      const logIn = (code: string, now: Date, ip: string) =>
        login(database.db, { email: EMAIL, password: PASSWORD, code, ip, now, requestId: "r" });
      expect((await logIn(codeAt(SECRET, at(60)), at(60), "10.9.1.1")).ok).toBe(true);
      expect((await logIn(codes[0]!, at(120), "10.9.1.2")).ok).toBe(true);
      // The old key alone reads nothing any more.
      expect((await checkSecrets(database.db, appSecretRing(oldFile.trim()))).unreadable).toBe(2);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("a crash between the commit and the file's replacement: the next start finds the new key in force and moves it into place; before the commit: drops it", async () => {
    const dataDir = dataFolder();
    const { database, ring } = await open(dataDir);
    try {
      const account = await createAdminIdentity(database.db, { email: EMAIL });
      await database.db
        .update(adminUsers)
        .set({ totpSecret: sealTotpSecret(account.id, SECRET), totpEnabledAt: t0 })
        .where(eq(adminUsers.id, account.id));
      const source = ring.source as Extract<Keyring["source"], { kind: "key-file" }>;

      // Crashed before the transaction committed: the new key was written, nothing uses it.
      writeNextKeyFile(source);
      const dropped = await secureSecretsAtRest(database.db, loadKeyring(config(dataDir), { appSecretMissing: "" }));
      expect(dropped.report.nextKeyFile).toBe("removed");
      expect(dropped.ring.current!.id).toBe(ring.current!.id);
      expect(fs.existsSync(path.join(dataDir, NEXT_KEY_FILE_NAME))).toBe(false);

      // Crashed after the commit: the database is under the new key, the old file still in place.
      const next = writeNextKeyFile(source);
      await rotateSecrets(database.db, ring, next);
      const loaded = loadKeyring(config(dataDir), { appSecretMissing: "" });
      expect(loaded.current!.id).toBe(ring.current!.id);
      const promoted = await secureSecretsAtRest(database.db, loaded);
      expect(promoted.report).toMatchObject({ nextKeyFile: "promoted", unreadable: 0 });
      expect(promoted.ring.current!.id).toBe(next.id);
      expect(loadKeyring(config(dataDir), { appSecretMissing: "" }).current!.id).toBe(next.id);
      expect(fs.statSync(path.join(dataDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("with APP_SECRET but without APP_SECRET_PREVIOUS it changes nothing and says what to set", async () => {
    const refused = admin(["rotate-key"], { DATA_DIR: dataFolder(), NODE_ENV: "test", APP_SECRET: OTHER_SECRET });
    await expect(refused).rejects.toMatchObject({ code: 1, stderr: `${secretKeyMessages.rotateNeedsPrevious}\n` });
  }, 60_000);
});

describe("the server's start on a database from before decision 035", () => {
  const oldCode = "k7m2p-x9q4r";
  const server = useServer(
    { EMAIL_WORKER: "false" },
    {
      async beforeStart(dataDir) {
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          const account = await createAdminAccount(database.db, { email: EMAIL, totpSecret: SECRET, totpEnabledAt: t0 });
          await database.db.insert(recoveryCodes).values({ userId: account.id, codeHash: sha256(normalized(oldCode)) });
        } finally {
          await database.close();
        }
      },
    },
  );
  const logIn = (body: object, ip: string) =>
    fetch(`${server.origin}/api/v1/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin, "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });

  it("creates the key file (0600), encrypts the secret and converts the recovery code at start; both still log in", async () => {
    const keyFile = path.join(server.dataDir, KEY_FILE_NAME);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect((await logIn({ email: EMAIL, password: PASSWORD, code: codeAt(SECRET, new Date()) }, "10.9.2.1")).status).toBe(204);
    expect((await logIn({ email: EMAIL, password: PASSWORD, code: oldCode }, "10.9.2.2")).status).toBe(204);
    const keyBefore = fs.readFileSync(keyFile, "utf8");
    expect(await server.stop()).toBe(0);
    expect(fs.readFileSync(keyFile, "utf8")).toBe(keyBefore);
    const database = await openDatabase({ kind: "pglite", dataDir: server.dataDir });
    try {
      const [account] = await database.db.select().from(adminUsers);
      const ring = loadKeyring({ NODE_ENV: "production", DATA_DIR: server.dataDir }, { create: false, appSecretMissing: "" });
      expect(keyIdOf(account!.totpSecret!)).toBe(ring.current!.id);
      expect(openTotpSecret(account!.id, account!.totpSecret!, ring)).toBe(SECRET);
      const [code] = await database.db.select().from(recoveryCodes);
      expect(code).toMatchObject({ codeHash: expect.stringMatching(/^h1:/), usedAt: expect.any(Date) });
    } finally {
      await database.close();
    }
  }, 120_000);
});
