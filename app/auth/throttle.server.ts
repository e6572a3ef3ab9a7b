import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { hitRateLimit } from "~/db/rate-limit.server";
import { rateLimits } from "~/db/schema";
import { fail, type Failure } from "~/domain/result";
import { addressKey } from "./login-gate.server";

/** Refused by a per-IP limit or the per-address gate (login-gate.server.ts) before any check: 429 with Retry-After. */
export type Throttled = Failure<"throttled"> & { limit: "ip" | "account"; retryAfterSeconds: number };

/**
 * Login throttling on the shared rate_limits table (so it holds across app
 * instances). Failures are counted in one-minute buckets and summed over a
 * sliding window:
 * 5 failures for one account from one IP, or 20 from one IP, within 15
 * minutes block that IP for 15 minutes (429). Guessing from many addresses at
 * one account meets the per-account gate instead (login-gate.server.ts).
 * E-mails appear only as a hash in the keys.
 */
export const LOGIN_THROTTLE = {
  accountIpFailures: 5,
  ipFailures: 20,
  failureWindowMinutes: 15,
  blockMinutes: 15,
} as const;

const BUCKET_SECONDS = 60;

const throttleKeys = {
  accountIp: (email: string, ip: string) => `login-fail:acct-ip:${addressKey(email)}:${ip}`,
  ip: (ip: string) => `login-fail:ip:${ip}`,
  block: (ip: string) => `login-block:${ip}`,
};

function minutesBefore(now: Date, minutes: number): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

/** The failures counted for `key` in the buckets after `since` (and before `before`, when given). */
async function failuresSince(db: Executor, key: string, since: Date, before?: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rateLimits.count}), 0)` })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, since), before ? lt(rateLimits.windowStart, before) : undefined));
  return Number(row?.total ?? 0);
}

function bucketOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / (BUCKET_SECONDS * 1000)) * BUCKET_SECONDS * 1000);
}

/** Seconds until the IP may try again, or 0 when it is not blocked. */
export async function blockedForSeconds(db: Executor, ip: string, now: Date): Promise<number> {
  // A block is one row whose window_start is the moment it began.
  const [row] = await db
    .select({ since: rateLimits.windowStart })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, throttleKeys.block(ip)), gt(rateLimits.windowStart, minutesBefore(now, LOGIN_THROTTLE.blockMinutes))))
    .orderBy(sql`${rateLimits.windowStart} desc`)
    .limit(1);
  if (!row) return 0;
  const until = row.since.getTime() + LOGIN_THROTTLE.blockMinutes * 60_000;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** Counts one failure in the current bucket; answers that bucket's count including it. */
async function countFailure(db: Executor, key: string, now: Date): Promise<number> {
  return (await hitRateLimit(db, { key, limit: Number.MAX_SAFE_INTEGER, windowSeconds: BUCKET_SECONDS, now })).count;
}

async function blockIp(db: Executor, ip: string, now: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key: throttleKeys.block(ip), windowStart: now, count: 1 })
    .onConflictDoNothing();
}

export type IpAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts an attempt from `ip` as a failure before its password or code is checked, in one
 * statement: parallel attempts cannot all pass a check that only later counts (a burst from one
 * address at many accounts would get past the 20 and stall the scrypt pool). Over the limit, the
 * IP is blocked and the attempt refused. An attempt that did not fail gives its count back
 * (releaseIpAttempt).
 */
export async function reserveIpAttempt(db: Executor, ip: string, now: Date): Promise<IpAttempt> {
  // The upsert's own count is this attempt's place in its bucket: parallel attempts each get their own.
  const inBucket = await countFailure(db, throttleKeys.ip(ip), now);
  const earlier = await failuresSince(db, throttleKeys.ip(ip), minutesBefore(now, LOGIN_THROTTLE.failureWindowMinutes), bucketOf(now));
  if (earlier + inBucket <= LOGIN_THROTTLE.ipFailures) return { allowed: true };
  await blockIp(db, ip, now);
  return { allowed: false, retryAfterSeconds: LOGIN_THROTTLE.blockMinutes * 60 };
}

/** The reserved attempt succeeded or was not checked: it no longer counts as a failure. */
export async function releaseIpAttempt(db: Executor, ip: string, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, throttleKeys.ip(ip)), eq(rateLimits.windowStart, bucketOf(now)), gt(rateLimits.count, 0)));
}

/** The reserved attempt failed: it also counts for the account from this IP, and either limit may block the IP. */
export async function settleIpFailure(db: Executor, email: string, ip: string, now: Date): Promise<void> {
  await countFailure(db, throttleKeys.accountIp(email, ip), now);
  const since = minutesBefore(now, LOGIN_THROTTLE.failureWindowMinutes);
  const [accountIp, perIp] = [
    await failuresSince(db, throttleKeys.accountIp(email, ip), since),
    await failuresSince(db, throttleKeys.ip(ip), since),
  ];
  if (accountIp >= LOGIN_THROTTLE.accountIpFailures || perIp >= LOGIN_THROTTLE.ipFailures) await blockIp(db, ip, now);
}

/** A successful login forgets that account's failures from this IP. */
export async function clearAccountIpFailures(db: Executor, email: string, ip: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, throttleKeys.accountIp(email, ip)));
}

/**
 * The pages of the one-time links (the first setup, an invitation, a password reset) hash a
 * password for each post with a good link, and a post with a made-up link is a guess. So posts to
 * them are limited per IP, all three in one count (an address cannot spread its guesses or its
 * load over them), in fixed windows on the same rate_limits table.
 */
export const LINK_THROTTLE = { postsPerIp: 10, windowMinutes: 15 } as const;

/** Counts a post to a link page from `ip`, before anything else is looked at; over the limit, the refusal. */
export async function refuseOverLinkLimit(db: Executor, ip: string, now: Date): Promise<Throttled | null> {
  const hit = await hitRateLimit(db, {
    key: `link-post:ip:${ip}`,
    limit: LINK_THROTTLE.postsPerIp,
    windowSeconds: LINK_THROTTLE.windowMinutes * 60,
    now,
  });
  return hit.allowed ? null : fail("throttled", { limit: "ip", retryAfterSeconds: hit.retryAfterSeconds });
}

/**
 * A passkey login's challenge is a row until it expires (five minutes), and asking for one needs
 * no account: so many per IP in a window, in fixed windows like the link pages.
 */
export const PASSKEY_OPTIONS_THROTTLE = { perIp: 30, windowMinutes: 15 } as const;

/** Counts a request for a passkey login's challenge from `ip`; over the limit, the refusal. */
export async function refuseOverPasskeyOptionsLimit(db: Executor, ip: string, now: Date): Promise<Throttled | null> {
  const hit = await hitRateLimit(db, {
    key: `passkey-options:ip:${ip}`,
    limit: PASSKEY_OPTIONS_THROTTLE.perIp,
    windowSeconds: PASSKEY_OPTIONS_THROTTLE.windowMinutes * 60,
    now,
  });
  return hit.allowed ? null : fail("throttled", { limit: "ip", retryAfterSeconds: hit.retryAfterSeconds });
}
