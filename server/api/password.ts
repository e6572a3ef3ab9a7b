import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { sessionIdFrom } from "~/auth/session.server";
import type { Throttled } from "~/auth/throttle.server";
import { retryAfter, statusOf } from "~/http-status";
import { loginMessages, passwordChangeMessages, refusalMessage } from "~/messages";
import { changeOwnPassword, completePasswordReset, type PasswordResult, requestPasswordReset } from "~/services/account-password.server";
import type { ServerEnv } from "../env";
import { jsonError } from "./answers";
import { jsonBody, jsonObject, refuseInvalid } from "./input";

const changeSchema = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: z.string().min(1).max(1024) });
const resetRequestSchema = z.object({ email: z.string().max(1024) });
const resetConfirmSchema = z.object({ token: z.string().max(100), newPassword: z.string().min(1).max(1024) });

/** The login's words for the login's limits (a change checks the current password behind them). */
const loginLimitMessage = (result: Throttled) => loginMessages.throttled(result.limit, result.retryAfterSeconds);
/** The reset's own words for its limits: they never say whether the address has an account. */
const resetLimitMessage = (result: Throttled) => passwordChangeMessages.rateLimited(result.retryAfterSeconds);

/** 400 with the German reason, or 429 with Retry-After. */
function refusal(c: Context, result: Exclude<PasswordResult<unknown>, { ok: true }>, limitMessage: (result: Throttled) => string) {
  if (result.code === "throttled") {
    return jsonError(c, statusOf(result.code), limitMessage(result), {}, retryAfter(result.retryAfterSeconds));
  }
  return jsonError(c, statusOf(result.code), refusalMessage(result, passwordChangeMessages));
}

/**
 * POST /api/v1/admin/password {"currentPassword","newPassword"} → 204: the account's other sessions
 * end, this one stays, an e-mail tells the account. A wrong current password → 400, counted by the
 * login's limits (429 with Retry-After when they refuse).
 */
export const passwordChange = new Hono<ServerEnv>();

passwordChange.post(
  "/password",
  jsonObject,
  zValidator("json", changeSchema, refuseInvalid(400, passwordChangeMessages.changeMissing)),
  async (c) => {
    const { admin, clientIp, requestId } = c.var;
    const result = await changeOwnPassword(c.get("db"), {
      admin,
      sessionId: sessionIdFrom(c.req.header("cookie")) ?? "",
      ...c.req.valid("json"),
      ip: clientIp,
      requestId,
    });
    if (result.ok) return c.body(null, 204);
    return refusal(c, result, loginLimitMessage);
  },
);

/**
 * POST /api/v1/admin/password-reset {"email"} → 202 {"message"} whether or not the address has an
 * account (an active one gets a one-time link by e-mail, valid 1 hour); 400 for no address; 429.
 */
export const passwordReset = new Hono<ServerEnv>();

passwordReset.post("/password-reset", jsonObject, async (c) => {
  const parsed = resetRequestSchema.safeParse(jsonBody(c));
  const result = await requestPasswordReset(c.get("db"), {
    email: parsed.success ? parsed.data.email : "",
    ip: c.get("clientIp"),
    requestId: c.get("requestId"),
  });
  if (result.ok) return c.json({ message: passwordChangeMessages.resetRequested }, 202);
  return refusal(c, result, resetLimitMessage);
});

/**
 * POST /api/v1/admin/password-reset/confirm {"token","newPassword"} → 204: the link is spent and
 * every session of the account ends (no login: the next one asks for the second factor when it is
 * on); 400 for a used, expired or unknown link or a refused password; 429 per IP.
 */
passwordReset.post(
  "/password-reset/confirm",
  jsonObject,
  zValidator("json", resetConfirmSchema, refuseInvalid(400, passwordChangeMessages.confirmMissing)),
  async (c) => {
    const { token, newPassword } = c.req.valid("json");
    const result = await completePasswordReset(c.get("db"), {
      token,
      newPassword,
      ip: c.get("clientIp"),
      requestId: c.get("requestId"),
    });
    if (result.ok) return c.body(null, 204);
    return refusal(c, result, resetLimitMessage);
  },
);
