import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { resultRows } from "~/db/result-rows";
import { LOGIN_GATE, pauseAfterFailures } from "~/domain/login-gate";

/**
 * The per-account login gate on the shared login_gates table (so it holds
 * across app instances). Keyed by a hash of the typed address whether or not
 * an account exists: the gate itself tells nobody which addresses have one.
 */
export function addressKey(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

export type GatePass = { key: string; failures: number };
export type GateResult = { open: true; pass: GatePass } | { open: false; retryAfterSeconds: number };

/**
 * Takes the address's single attempt slot in one statement: it succeeds only
 * when no attempt is in flight and the pause after the last failure is over.
 */
export async function enterLoginGate(db: Executor, email: string, now: Date): Promise<GateResult> {
  const key = addressKey(email);
  const leaseUntil = new Date(now.getTime() + LOGIN_GATE.leaseMs).toISOString();
  const forgetBefore = new Date(now.getTime() - LOGIN_GATE.forgetAfterMs).toISOString();
  const at = now.toISOString();
  const taken = resultRows<{ failures: number }>(
    await db.execute(sql`
      insert into login_gates (key, failures, in_flight_until, next_attempt_at, updated_at)
      values (${key}, 0, ${leaseUntil}, ${at}, ${at})
      on conflict (key) do update set
        in_flight_until = excluded.in_flight_until,
        updated_at = excluded.updated_at,
        failures = case when login_gates.next_attempt_at < ${forgetBefore} then 0 else login_gates.failures end
      where (login_gates.in_flight_until is null or login_gates.in_flight_until <= ${at})
        and login_gates.next_attempt_at <= ${at}
      returning failures`),
  );
  if (taken[0]) return { open: true, pass: { key, failures: Number(taken[0].failures) } };
  const [gate] = resultRows<{ in_flight_until: string | Date | null; next_attempt_at: string | Date }>(
    await db.execute(sql`select in_flight_until, next_attempt_at from login_gates where key = ${key}`),
  );
  const busyUntil = Math.max(
    gate?.in_flight_until ? new Date(gate.in_flight_until).getTime() : 0,
    gate ? new Date(gate.next_attempt_at).getTime() : 0,
  );
  return { open: false, retryAfterSeconds: Math.max(1, Math.ceil((busyUntil - now.getTime()) / 1000)) };
}

/** Ends the attempt. A failure lengthens the pause; success forgets the failures; `neutral` changes neither. */
export async function leaveLoginGate(db: Executor, pass: GatePass, outcome: "failure" | "success" | "neutral", now: Date): Promise<void> {
  const failures = outcome === "failure" ? pass.failures + 1 : outcome === "success" ? 0 : pass.failures;
  const nextAttemptAt = new Date(now.getTime() + (outcome === "failure" ? pauseAfterFailures(failures) : 0)).toISOString();
  await db.execute(sql`
    update login_gates
    set in_flight_until = null, failures = ${failures}, next_attempt_at = ${nextAttemptAt}, updated_at = ${now.toISOString()}
    where key = ${pass.key}`);
}

/** Drops gates nobody used for a day; run by the daily maintenance job. */
export async function pruneLoginGates(db: Executor, olderThan: Date): Promise<void> {
  await db.execute(sql`delete from login_gates where updated_at < ${olderThan.toISOString()} and in_flight_until is null`);
}
