import crypto from "node:crypto";
import pLimit from "p-limit";
import { env } from "~/config/env.server";
import { ServerBusyError } from "~/lib/unavailable.server";

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

/**
 * How many scrypt runs may wait per run allowed at once: at 2^17 (about 0.5 s a run) the last in
 * line waits some 8 s, well within the login gate's 30-s lease and a proxy's timeout.
 */
export const WAITING_PER_RUN = 16;

/** The process's one line of scrypt runs (decision 031); its width follows PASSWORD_HASH_CONCURRENCY. */
const line = pLimit(1);

/**
 * Every scrypt run of the process, hash or check, from any path (the login, the setup and
 * invitation links, a change or reset of a password, the CLI) takes its turn here: at most
 * PASSWORD_HASH_CONCURRENCY run at once, each holding 128 MiB and a thread of libuv's pool, and
 * the others wait in order. Forty parallel posts once took the server from 357 to 889 MiB and a
 * login to 19 s (issue 31). The line is bounded as well: beyond WAITING_PER_RUN per run, a
 * request is refused at once (ServerBusyError, 503 with Retry-After) instead of waiting longer.
 */
function scryptInTurn(password: string, salt: Buffer, keyLength: number, options: crypto.ScryptOptions): Promise<Buffer> {
  const concurrency = env().PASSWORD_HASH_CONCURRENCY;
  if (line.concurrency !== concurrency) line.concurrency = concurrency;
  if (line.pendingCount >= concurrency * WAITING_PER_RUN) {
    return Promise.reject(new ServerBusyError(`${line.pendingCount} password hashes are waiting`));
  }
  return line(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        crypto.scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH);
  const { N, r, p } = hashParameters();
  const key = await scryptInTurn(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
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
  const actual = await scryptInTurn(password, Buffer.from(saltText, "base64"), expected.length, {
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
 * made once, at the cost new hashes get. A hash the full line refused is not
 * kept, or every later unknown address would meet that refusal.
 */
export function dummyPasswordHash(): Promise<string> {
  const cost = env().PASSWORD_HASH_COST;
  if (dummyHash?.cost !== cost) {
    const hash = hashPassword(crypto.randomBytes(16).toString("hex"));
    dummyHash = { cost, hash };
    hash.catch(() => {
      if (dummyHash?.hash === hash) dummyHash = undefined;
    });
  }
  return dummyHash.hash;
}
