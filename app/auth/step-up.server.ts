import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import { throughLoginLimits } from "./login.server";
import { logLoginEvent } from "./login-events.server";
import { verifyPassword } from "./password.server";
import { checkSecondFactorCode } from "./second-factor-lock.server";
import { openTotpSecret } from "./secrets-at-rest.server";
import { renewVerifiedSession } from "./session.server";
import type { Throttled } from "./throttle.server";

/** `sessionId`: the session's new id (the cookie must be set again). */
export type StepUpResult = Ok<{ sessionId: string }> | Failure<"wrongPasswordOrCode"> | Failure<"secondFactorLocked"> | Throttled;

/**
 * The step-up before a sensitive owner action (app/domain/access.ts): the account's password, or a
 * code of its second factor, checked again; the session behind the cookie is renewed under a new
 * id that counts as checked now. Behind the login's limits (per IP and per address), so it is no way to guess the password
 * of an open session either.
 */
export async function confirmIdentity(
  db: Database,
  input: {
    userId: string;
    cookieHeader: string | null | undefined;
    password?: string;
    code?: string;
    ip: string;
    requestId?: string;
    now?: Date;
  },
): Promise<StepUpResult> {
  const now = input.now ?? new Date();
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, input.userId));
  if (!user) return fail("wrongPasswordOrCode");
  const facts = { email: user.email, ip: input.ip, requestId: input.requestId ?? "", now };
  const event = { ip: input.ip, requestId: facts.requestId, accountId: user.id };
  return throughLoginLimits<StepUpResult>(db, facts, async () => {
    let checked: "accepted" | "wrong" | "locked";
    if (input.password) {
      checked = (await verifyPassword(input.password, user.passwordHash)) ? "accepted" : "wrong";
    } else if (input.code && user.totpSecret) {
      const code = await checkSecondFactorCode(db, user, openTotpSecret(user.id, user.totpSecret), input.code, { ...event, now });
      checked = code === "accepted" ? "accepted" : code === "wrong" ? "wrong" : "locked";
    } else {
      checked = "wrong";
    }
    if (checked !== "accepted") {
      logLoginEvent("login.step_up_failure", event);
      return { result: fail(checked === "locked" ? "secondFactorLocked" : "wrongPasswordOrCode"), outcome: "failure" };
    }
    const sessionId = await renewVerifiedSession(db, user.id, input.cookieHeader, now);
    if (!sessionId) return { result: fail("wrongPasswordOrCode"), outcome: "neutral" };
    logLoginEvent("login.step_up", event);
    return { result: ok({ sessionId }), outcome: "success" };
  });
}
