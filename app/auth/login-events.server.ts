import { logger } from "~/lib/logger.server";
import { addressKey } from "./login-gate.server";

/**
 * Every login success, failure, refusal and logout as one structured log line
 * (ASVS 16.3.1): the account id when the account is known, else a hash of the
 * typed address; never the address in clear, never a password or a code.
 */
export type LoginEvent =
  | "login.success"
  | "login.failure"
  | "login.second_factor_required"
  | "login.second_factor_failure"
  | "login.refused"
  | "login.step_up"
  | "login.step_up_failure"
  | "logout"
  | "second_factor.enabled"
  | "second_factor.disabled"
  | "second_factor.locked"
  | "second_factor.unlocked"
  | "passkey.added"
  | "passkey.removed"
  | "password.changed"
  | "password.change_failure"
  | "password.reset_requested"
  | "password.reset";

export type LoginEventFacts = {
  requestId: string;
  ip: string;
  accountId?: string;
  /** The typed address; logged only as its hash when no account id is known. */
  email?: string;
  /** For `login.refused`: which limit refused the attempt; `second_factor_lock` the account's locked code login. */
  limit?: "ip" | "account" | "second_factor_lock";
  recoveryCode?: boolean;
  /** The login (or its refusal) was a passkey's (decision 034). */
  passkey?: boolean;
};

export function logLoginEvent(event: LoginEvent, { email, ...facts }: LoginEventFacts): void {
  const who = facts.accountId ? {} : email !== undefined ? { addressHash: addressKey(email) } : {};
  const level = event === "login.refused" || event === "second_factor.locked" || event.endsWith("failure") ? "warn" : "info";
  logger[level]({ event, ...who, ...facts }, event);
}
