/**
 * The per-account login gate's rules: one attempt at a time for an address,
 * and after the third failure in a row a growing pause before the next one
 * (1 s, 2 s, 4 s, …, at most a minute). Parallel guessing gains nothing, a
 * typo or two costs nothing, and even a long attack leaves the owner a
 * cool-down of at most a minute, never a lockout. Only someone who got past
 * the password meets a lock: SECOND_FACTOR_LOCK_AFTER.
 */
export const LOGIN_GATE = {
  /** A crashed attempt frees its address after this long. */
  leaseMs: 30_000,
  maxPauseMs: 60_000,
  /** Failures older than this no longer lengthen the pause. */
  forgetAfterMs: 60 * 60_000,
  freeFailures: 3,
} as const;

/** The pause after the `failures`-th failure in a row. */
export function pauseAfterFailures(failures: number): number {
  const paused = failures - LOGIN_GATE.freeFailures;
  if (paused <= 0) return 0;
  return Math.min(LOGIN_GATE.maxPauseMs, 1000 * 2 ** Math.min(paused - 1, 16));
}

/**
 * Wrong second-factor codes in a row, each after the right password, that lock the account's code
 * login until a recovery code, an owner or the operator lifts the lock (decision 033). Under the
 * gate's pause alone, whoever holds the password could guess a code a minute for good, about 1,440 a
 * day; an app's code is one in a million, a recovery code one in 2^50.
 */
export const SECOND_FACTOR_LOCK_AFTER = 20;
