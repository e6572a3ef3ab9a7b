import crypto from "node:crypto";
import { promisify } from "node:util";
import { env } from "~/config/env.server";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt with the OWASP Password Storage Cheat Sheet parameters
 * (N=2^17, r=8, p=1). It needs 128·N·r bytes = 128 MiB; maxmem leaves room.
 * The parameters travel with each hash, so they can be raised later and old
 * hashes still verify. N is 2^PASSWORD_HASH_COST: 17 unless the tests ask for
 * less (the configuration allows that only with NODE_ENV=test, decision 030).
 */
function hashParameters() {
  return { N: 2 ** env().PASSWORD_HASH_COST, r: 8, p: 1 };
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function maxmemFor(N: number, r: number): number {
  return 128 * N * r * 2;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH);
  const { N, r, p } = hashParameters();
  const key = await scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(keyText, "base64");
  const actual = await scrypt(password.normalize("NFC"), Buffer.from(saltText, "base64"), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: maxmemFor(N, R),
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

let dummyHash: { cost: number; hash: Promise<string> } | undefined;

/**
 * A hash to verify against when the e-mail is unknown, so an unknown account
 * costs the same scrypt run as a wrong password (no enumeration by timing):
 * made once, at the cost new hashes get.
 */
export function dummyPasswordHash(): Promise<string> {
  const cost = env().PASSWORD_HASH_COST;
  if (dummyHash?.cost !== cost) dummyHash = { cost, hash: hashPassword(crypto.randomBytes(16).toString("hex")) };
  return dummyHash.hash;
}
