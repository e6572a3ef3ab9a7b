import crypto from "node:crypto";
import { and, eq, isNotNull, notLike, or, sql } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { adminUsers, recoveryCodes, settings } from "~/db/schema";
import {
  decrypt,
  decryptBytes,
  encrypt,
  encryptWith,
  isEncrypted,
  KeyConfigError,
  keyIdOf,
  type Keyring,
  keyring,
  loadKeyring,
  promoteNextKeyFile,
  removeNextKeyFile,
  type SecretKey,
  SecretKeyError,
} from "~/lib/secret-box.server";
import { secretKeyMessages, startMessages } from "~/messages";

/**
 * The secrets of the second factor at rest (decision 035): the TOTP secrets of `admin_users`
 * (confirmed and pending) encrypted under the master key, and the recovery codes as an HMAC under
 * a random key of their own that lives in `settings`, wrapped (encrypted) by the master key, so a
 * new master key re-wraps it and no recovery code stops working. The start-up step
 * (`secureSecretsAtRest`) brings rows of before into this form; `rotateSecrets` moves everything
 * to a new master key in one transaction.
 */

/** The settings row of the recovery codes' HMAC key, wrapped by the master key (a JSON string). */
export const RECOVERY_KEY_SETTING = "recoveryCodeKey";
const RECOVERY_KEY_CONTEXT = "settings.recoveryCodeKey";
/** A stored recovery code: `h1:` and HMAC-SHA256(key, SHA-256 hex of the normalised code); 64 hex digits alone are the old plain SHA-256. */
const RECOVERY_DIGEST_PREFIX = "h1:";
/** Serialises the start-up step, a rotation and the key's creation across instances (transaction-scoped). */
const SECRETS_LOCK_ID = 7_246_814;

/** The account's id is authenticated with its secret: a value copied to another account does not decrypt. */
function totpContext(userId: string): string {
  return `admin_users.totp:${userId}`;
}

export function sealTotpSecret(userId: string, secretBase32: string, ring: Keyring = keyring()): string {
  return encrypt(ring, secretBase32, totpContext(userId));
}

/** The base32 secret of a stored value (a plaintext row of before is returned as it is); a SecretKeyError when the key does not fit. */
export function openTotpSecret(userId: string, stored: string, ring: Keyring = keyring()): string {
  return decrypt(ring, stored, totpContext(userId));
}

/** The SHA-256 hex of a normalised recovery code: what rows of before decision 035 stored. */
export function legacyRecoveryDigest(normalizedCode: string): string {
  return crypto.createHash("sha256").update(normalizedCode).digest("hex");
}

/** What a recovery code is stored as: HMAC over its SHA-256, so a row of before converts without knowing the code. */
export function recoveryDigest(key: Buffer, sha256Hex: string): string {
  return RECOVERY_DIGEST_PREFIX + crypto.createHmac("sha256", key).update(sha256Hex).digest("hex");
}

async function storedRecoveryKey(db: Executor): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, RECOVERY_KEY_SETTING));
  return typeof row?.value === "string" ? row.value : null;
}

/**
 * The recovery codes' HMAC key, created (random, wrapped by the master key) when the database has
 * none yet. An existing one is never replaced: the codes depend on it. A SecretKeyError when the
 * master key cannot unwrap it.
 */
export async function recoveryCodeKey(db: Executor, ring: Keyring = keyring(), wrapWith?: SecretKey): Promise<Buffer> {
  let wrapped = await storedRecoveryKey(db);
  if (!wrapped) {
    const fresh = wrapWith
      ? encryptWith(wrapWith, crypto.randomBytes(32), RECOVERY_KEY_CONTEXT)
      : encrypt(ring, crypto.randomBytes(32), RECOVERY_KEY_CONTEXT);
    await db.insert(settings).values({ key: RECOVERY_KEY_SETTING, value: fresh }).onConflictDoNothing();
    // Another instance may have created it first: its key counts.
    wrapped = (await storedRecoveryKey(db))!;
  }
  const keys: Keyring = wrapWith ? { ...ring, readable: [...ring.readable, wrapWith] } : ring;
  return decryptBytes(keys, wrapped, RECOVERY_KEY_CONTEXT);
}

async function lockSecrets(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SECRETS_LOCK_ID})`);
}

type TotpRow = { id: string; totpSecret: string | null; totpPendingSecret: string | null };

async function totpRows(db: Executor): Promise<TotpRow[]> {
  return db
    .select({ id: adminUsers.id, totpSecret: adminUsers.totpSecret, totpPendingSecret: adminUsers.totpPendingSecret })
    .from(adminUsers)
    .where(or(isNotNull(adminUsers.totpSecret), isNotNull(adminUsers.totpPendingSecret)));
}

const TOTP_COLUMNS = [
  ["totpSecret", adminUsers.totpSecret],
  ["totpPendingSecret", adminUsers.totpPendingSecret],
] as const;

/** Whether every stored secret can be read with `ring`: the values it cannot read and the key ids they need. */
export type SecretsCheck = { values: number; unreadable: number; keyIds: string[] };

export async function checkSecrets(db: Executor, ring: Keyring): Promise<SecretsCheck> {
  const keyIds = new Set<string>();
  let values = 0;
  let unreadable = 0;
  const attempt = (read: () => unknown, stored: string) => {
    values++;
    try {
      read();
    } catch (error) {
      if (!(error instanceof SecretKeyError)) throw error;
      unreadable++;
      keyIds.add(keyIdOf(stored) ?? "?");
    }
  };
  for (const row of await totpRows(db)) {
    for (const [name] of TOTP_COLUMNS) {
      const stored = row[name];
      if (stored && isEncrypted(stored)) attempt(() => openTotpSecret(row.id, stored, ring), stored);
    }
  }
  const wrapped = await storedRecoveryKey(db);
  if (wrapped) attempt(() => decryptBytes(ring, wrapped, RECOVERY_KEY_CONTEXT), wrapped);
  return { values, unreadable, keyIds: [...keyIds].sort() };
}

/** The key ids the database's secrets are encrypted with (read without any key: for the backup's note). */
export async function secretKeyIds(db: Executor): Promise<string[]> {
  const ids = new Set<string>();
  for (const row of await totpRows(db)) {
    for (const [name] of TOTP_COLUMNS) {
      const id = row[name] ? keyIdOf(row[name]) : null;
      if (id) ids.add(id);
    }
  }
  const wrapped = await storedRecoveryKey(db);
  if (wrapped && keyIdOf(wrapped)) ids.add(keyIdOf(wrapped)!);
  return [...ids].sort();
}

export type SecretsReport = SecretsCheck & {
  /** Plaintext TOTP secrets encrypted now. */
  encrypted: number;
  /** Recovery codes of before (plain SHA-256) now stored as HMAC. */
  convertedCodes: number;
  /** What became of a `secret.key.next` left by a rotation: moved into place (it had committed) or removed (it had not). */
  nextKeyFile?: "promoted" | "removed";
};

/**
 * A rotation with the key file writes the new key to `secret.key.next` before its transaction and
 * moves it into place after the commit. Left over after a crash, the database says which happened:
 * the recovery codes' key, which every rotation re-wraps in its transaction, names the key it is under.
 */
async function settleNextKeyFile(db: Database, ring: Keyring): Promise<{ ring: Keyring; outcome?: "promoted" | "removed" }> {
  const source = ring.source;
  if (source.kind !== "key-file" || ring.readable.length === 0) return { ring };
  const next = ring.readable[0]!;
  const wrapped = await storedRecoveryKey(db);
  if (wrapped && keyIdOf(wrapped) === next.id) {
    promoteNextKeyFile(source);
    return { ring: { current: next, readable: [], source }, outcome: "promoted" };
  }
  removeNextKeyFile(source);
  return { ring: { ...ring, readable: [] }, outcome: "removed" };
}

/**
 * The start-up step after the SQL migrations (the server's start and `npm run db:migrate`): SQL
 * cannot see the key, so the rows of before are brought into the new form here, idempotently and in
 * one transaction: plaintext TOTP secrets are encrypted, recovery codes stored as a plain SHA-256
 * become HMAC(key, that SHA-256). Values the key cannot read are left alone and counted (the
 * server starts; their logins are refused with a clear answer). Returns the keyring to install
 * (after a rotation's leftover is settled) and what was done.
 */
export async function secureSecretsAtRest(db: Database, loaded: Keyring): Promise<{ ring: Keyring; report: SecretsReport }> {
  const { ring, outcome } = await settleNextKeyFile(db, loaded);
  const done = await db.transaction(async (tx) => {
    await lockSecrets(tx);
    let encrypted = 0;
    let convertedCodes = 0;
    if (ring.current) {
      for (const row of await totpRows(tx)) {
        for (const [name, column] of TOTP_COLUMNS) {
          const stored = row[name];
          if (!stored || isEncrypted(stored)) continue;
          const updated = await tx
            .update(adminUsers)
            .set({ [name]: sealTotpSecret(row.id, stored, ring) })
            .where(and(eq(adminUsers.id, row.id), eq(column, stored)))
            .returning({ id: adminUsers.id });
          encrypted += updated.length;
        }
      }
      const key = await recoveryCodeKey(tx, ring).catch((error: unknown) => {
        if (error instanceof SecretKeyError) return null;
        throw error;
      });
      if (key) {
        const old = await tx
          .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
          .from(recoveryCodes)
          .where(notLike(recoveryCodes.codeHash, `${RECOVERY_DIGEST_PREFIX}%`));
        for (const row of old) {
          const updated = await tx
            .update(recoveryCodes)
            .set({ codeHash: recoveryDigest(key, row.codeHash) })
            .where(and(eq(recoveryCodes.id, row.id), eq(recoveryCodes.codeHash, row.codeHash)))
            .returning({ id: recoveryCodes.id });
          convertedCodes += updated.length;
        }
      }
    }
    return { encrypted, convertedCodes, ...(await checkSecrets(tx, ring)) };
  });
  return { ring, report: { ...done, ...(outcome ? { nextKeyFile: outcome } : {}) } };
}

/**
 * Re-encrypts every TOTP secret and re-wraps the recovery codes' key under `target`, reading with
 * `ring`, in one transaction: all or nothing. A value no key of the ring can read aborts it
 * (SecretKeyError), so nothing is lost. Returns how many TOTP secrets were written.
 */
export async function rotateSecrets(db: Database, ring: Keyring, target: SecretKey): Promise<{ secrets: number }> {
  return db.transaction(async (tx) => {
    await lockSecrets(tx);
    const readRing: Keyring = { ...ring, readable: [...ring.readable, target] };
    const recoveryKey = await recoveryCodeKey(tx, ring, target);
    await tx
      .update(settings)
      .set({ value: encryptWith(target, recoveryKey, RECOVERY_KEY_CONTEXT), updatedAt: new Date() })
      .where(eq(settings.key, RECOVERY_KEY_SETTING));
    let secrets = 0;
    for (const row of await totpRows(tx)) {
      const values: Partial<Record<"totpSecret" | "totpPendingSecret", string>> = {};
      for (const [name] of TOTP_COLUMNS) {
        const stored = row[name];
        if (!stored) continue;
        values[name] = encryptWith(target, openTotpSecret(row.id, stored, readRing), totpContext(row.id));
        secrets++;
      }
      await tx.update(adminUsers).set(values).where(eq(adminUsers.id, row.id));
    }
    return { secrets };
  });
}

/**
 * After `npm run restore`: whether the configured key reads the restored secrets, in one German
 * line (the key file is not in the dump, decision 035). Never creates a key file: a server started
 * without the right one would make a new key, with which these secrets stay unreadable.
 */
export async function restoredSecretsNote(
  db: Executor,
  config: { NODE_ENV: string; DATABASE_URL?: string; DATA_DIR: string; APP_SECRET?: string; APP_SECRET_PREVIOUS?: string },
): Promise<{ ok: boolean; message: string } | null> {
  const needed = await secretKeyIds(db);
  if (needed.length === 0) return null;
  let ring: Keyring;
  try {
    ring = loadKeyring(config, { create: false, appSecretMissing: startMessages.appSecretMissing });
  } catch (error) {
    if (error instanceof KeyConfigError || error instanceof SecretKeyError) return { ok: false, message: error.message };
    throw error;
  }
  if (ring.source.kind === "key-file" && !ring.current)
    return { ok: false, message: secretKeyMessages.restoreNoKeyFile(ring.source.file, needed) };
  const check = await checkSecrets(db, ring);
  if (check.unreadable > 0) return { ok: false, message: secretKeyMessages.restoreUnreadable(check.unreadable, check.keyIds) };
  return { ok: true, message: secretKeyMessages.restoreReadable };
}

/** After `npm run backup`: which key the dump's secrets need, and that it is not in the file. */
export async function backupKeyNote(db: Executor, config: { APP_SECRET?: string }): Promise<string> {
  return secretKeyMessages.backupKeyNote(await secretKeyIds(db), config.APP_SECRET ? "app-secret" : "key-file");
}
