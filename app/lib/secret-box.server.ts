import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { APP_SECRET_PATTERN, env } from "~/config/env.server";
import { secretKeyMessages, startMessages } from "~/messages";
import { exitWithMessage } from "./exit.server";

/**
 * Secrets at rest (decision 035): values the server must read back (the TOTP secrets, the wrapped
 * key of the recovery codes) are stored encrypted with AES-256-GCM under a master key that never
 * enters the database: `APP_SECRET`, or on the embedded database without it a key file in
 * `DATA_DIR`. A stored value reads `enc1:<key id>:<base64url(iv ‖ ciphertext ‖ tag)>`, so a
 * plaintext row (no prefix) and the key that wrote a row are recognisable; the key id is derived
 * from the key, so it is the same on every instance and in every backup.
 */

/** The key file's name inside DATA_DIR, and the new key's beside it while `rotate-key` runs. */
export const KEY_FILE_NAME = "secret.key";
export const NEXT_KEY_FILE_NAME = "secret.key.next";

const PREFIX = "enc1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = "happy-car secrets at rest";

export type SecretKey = {
  /** 8 hex digits derived from the key, written into every value it encrypts. */
  id: string;
  /** AES-256-GCM key, derived from the secret with HKDF-SHA256. */
  key: Buffer;
};

export type KeySource =
  | { kind: "app-secret" }
  /** The key file in DATA_DIR; `nextFile` exists while (or because) a rotation did not finish. */
  | { kind: "key-file"; file: string; nextFile: string };

/** The key new values are written with, and the ones still accepted for reading (by key id). */
export type Keyring = { current: SecretKey | null; readable: SecretKey[]; source: KeySource };

/** A value cannot be read or written: no key, an unknown key id, or a key that does not fit (wrong key or altered value). */
export class SecretKeyError extends Error {
  constructor(
    message: string,
    readonly keyId?: string,
  ) {
    super(message);
    this.name = "SecretKeyError";
  }
}

/** HKDF, not a password hash: the secret must already be random (SECRET_PATTERN). */
export function secretKeyFrom(secret: string): SecretKey {
  const ikm = Buffer.from(secret, "utf8");
  const derive = (info: string, length: number) => Buffer.from(crypto.hkdfSync("sha256", ikm, HKDF_SALT, info, length));
  return { id: derive("key id", 4).toString("hex"), key: derive("aes-256-gcm v1", 32) };
}

/** A new random secret in the format of APP_SECRET and the key file. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function isEncrypted(stored: string): boolean {
  return stored.startsWith(`${PREFIX}:`);
}

/** The key id of a stored value, or null for plaintext. */
export function keyIdOf(stored: string): string | null {
  if (!isEncrypted(stored)) return null;
  return stored.split(":")[1] ?? "";
}

/**
 * Encrypts `plaintext` under `key`. `context` is authenticated with it (AAD), e.g. the account's id,
 * so a value copied into another row or another purpose does not decrypt.
 */
export function encryptWith(key: SecretKey, plaintext: string | Buffer, context: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}:${key.id}:${body.toString("base64url")}`;
}

export function encrypt(keyring: Keyring, plaintext: string | Buffer, context: string): string {
  if (!keyring.current) throw new SecretKeyError(secretKeyMessages.noKey);
  return encryptWith(keyring.current, plaintext, context);
}

/** The plaintext bytes of a value `encrypt` wrote; a SecretKeyError when no key of the ring fits. */
export function decryptBytes(keyring: Keyring, stored: string, context: string): Buffer {
  const [prefix, keyId = "", body = ""] = stored.split(":");
  if (prefix !== PREFIX) throw new SecretKeyError(secretKeyMessages.notEncrypted);
  const key = [keyring.current, ...keyring.readable].find((candidate) => candidate?.id === keyId);
  if (!key) throw new SecretKeyError(secretKeyMessages.unknownKey(keyId), keyId);
  const bytes = Buffer.from(body, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretKeyError(secretKeyMessages.damaged(keyId), keyId);
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SecretKeyError(secretKeyMessages.wrongKey(keyId), keyId);
  }
}

/**
 * The plaintext of a stored value. A value without the prefix is returned as it is: a row from
 * before decision 035 (or from an older instance during a rolling deploy) that the start-up step
 * has not encrypted yet.
 */
export function decrypt(keyring: Keyring, stored: string, context: string): string {
  if (!isEncrypted(stored)) return stored;
  return decryptBytes(keyring, stored, context).toString("utf8");
}

// --- The key file (embedded database without APP_SECRET) ---

function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (!APP_SECRET_PATTERN.test(text)) throw new SecretKeyError(secretKeyMessages.badKeyFile(file));
  return text;
}

function fsyncDirectory(directory: string): void {
  try {
    const fd = fs.openSync(directory, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every file system lets a directory be opened for fsync; the rename is atomic regardless.
  }
}

/** Writes `content` to a temporary file of mode 0600 beside `file` and flushes it; returns its name. */
function writeTemporary(file: string, content: string): string {
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  const fd = fs.openSync(temporary, "wx", 0o600);
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return temporary;
}

/**
 * Creates `file` with a new secret unless it exists, atomically and never overwriting: the secret
 * is written and flushed under a temporary name (mode 0600), then hard-linked to its name, which
 * fails if another process created it first (then its secret is used).
 */
function createSecretFileOnce(file: string): void {
  const temporary = writeTemporary(file, `${newSecret()}\n`);
  try {
    fs.linkSync(temporary, file);
    fsyncDirectory(path.dirname(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Replaces (or creates) `file` with `content` atomically: a crash leaves the old file or the new one, never half of one. */
export function replaceSecretFile(file: string, content: string): void {
  const temporary = writeTemporary(file, content);
  try {
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  fsyncDirectory(path.dirname(file));
}

/** Moves the next key into place (the rotation committed); atomic, the old file stays readable until then. */
export function promoteNextKeyFile(source: Extract<KeySource, { kind: "key-file" }>): void {
  fs.renameSync(source.nextFile, source.file);
  fsyncDirectory(path.dirname(source.file));
}

export function removeNextKeyFile(source: Extract<KeySource, { kind: "key-file" }>): void {
  fs.rmSync(source.nextFile, { force: true });
}

/** The key of the next rotation, written to `secret.key.next` (0600) before any value is encrypted with it. */
export function writeNextKeyFile(source: Extract<KeySource, { kind: "key-file" }>): SecretKey {
  const secret = newSecret();
  replaceSecretFile(source.nextFile, `${secret}\n`);
  return secretKeyFrom(secret);
}

export function readNextKeyFile(source: Extract<KeySource, { kind: "key-file" }>): SecretKey | null {
  const secret = readSecretFile(source.nextFile);
  return secret ? secretKeyFrom(secret) : null;
}

type KeyConfig = { NODE_ENV: string; DATABASE_URL?: string; DATA_DIR: string; APP_SECRET?: string; APP_SECRET_PREVIOUS?: string };

/** On PostgreSQL in production the key must be APP_SECRET: the instances share the database, not a disk. */
export function appSecretMissing(config: KeyConfig): boolean {
  return !config.APP_SECRET && Boolean(config.DATABASE_URL) && config.NODE_ENV === "production";
}

/** Why the server or a tool cannot have its key: said in one line at start (app/messages.ts, startMessages). */
export class KeyConfigError extends Error {}

/**
 * The keys of this configuration: APP_SECRET (and APP_SECRET_PREVIOUS, readable only) when set;
 * else the key file in DATA_DIR, created once (mode 0600) when `create` is true and it is missing,
 * with `secret.key.next` readable too while a rotation did not finish. On PostgreSQL in production
 * APP_SECRET is required: the instances share the database, not a disk.
 */
export function loadKeyring(
  config: KeyConfig,
  { create = true, appSecretMissing: appSecretMissingMessage }: { create?: boolean; appSecretMissing: string },
): Keyring {
  if (config.APP_SECRET) {
    return {
      current: secretKeyFrom(config.APP_SECRET),
      readable: config.APP_SECRET_PREVIOUS ? [secretKeyFrom(config.APP_SECRET_PREVIOUS)] : [],
      source: { kind: "app-secret" },
    };
  }
  if (appSecretMissing(config)) throw new KeyConfigError(appSecretMissingMessage);
  // The folder for this account only, as the data-folder lock creates it.
  fs.mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  const source = {
    kind: "key-file",
    file: path.join(config.DATA_DIR, KEY_FILE_NAME),
    nextFile: path.join(config.DATA_DIR, NEXT_KEY_FILE_NAME),
  } as const;
  if (create) createSecretFileOnce(source.file);
  const secret = readSecretFile(source.file);
  const next = readSecretFile(source.nextFile);
  return { current: secret ? secretKeyFrom(secret) : null, readable: next ? [secretKeyFrom(next)] : [], source };
}

/** Why the configured key cannot be had, in one German line; undefined for an error that is no such reason (a bug). */
export function keyFailureMessage(error: unknown): string | undefined {
  if (error instanceof KeyConfigError) return error.message;
  if (error instanceof SecretKeyError) return startMessages.keyUnusable(error.message);
  // The key file's folder or the file itself (rights, a full disk): one line, never a stack.
  if (typeof (error as NodeJS.ErrnoException | null)?.code === "string") return startMessages.keyUnusable((error as Error).message);
  return undefined;
}

/**
 * For process entry points (the server's start, the tools that need the key): the configured keys,
 * or exit 1 with one German line: APP_SECRET missing on PostgreSQL in production, an unreadable key file.
 */
export function keyringOrExit(config: KeyConfig, { create = true } = {}): Keyring {
  try {
    return loadKeyring(config, { create, appSecretMissing: startMessages.appSecretMissing });
  } catch (error) {
    const message = keyFailureMessage(error);
    if (message) exitWithMessage(message);
    throw error;
  }
}

// --- The process's keyring ---

let installed: Keyring | undefined;

/** Set by the server's start (and the tools that need the key) once the keyring is loaded; `undefined` to forget it (tests). */
export function installKeyring(keyring: Keyring | undefined): void {
  installed = keyring;
}

/**
 * The keyring of this process: the one installed at start, else one from APP_SECRET (tests, and
 * tools that never load the key file). Without either, every use is a SecretKeyError.
 */
export function keyring(): Keyring {
  if (installed) return installed;
  const config = env();
  if (config.APP_SECRET) {
    return {
      current: secretKeyFrom(config.APP_SECRET),
      readable: config.APP_SECRET_PREVIOUS ? [secretKeyFrom(config.APP_SECRET_PREVIOUS)] : [],
      source: { kind: "app-secret" },
    };
  }
  return { current: null, readable: [], source: { kind: "app-secret" } };
}
