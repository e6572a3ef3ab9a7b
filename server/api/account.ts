import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { credentialsSchema, secondFactorCodeSchema, secondFactorPasswordAndCodeSchema, stepUpSchema } from "~/auth/credentials";
import { browserCookie, browserIdFrom } from "~/auth/known-browsers.server";
import { login as logInWith } from "~/auth/login.server";
import { logLoginEvent } from "~/auth/login-events.server";
import { clearSessionCookie, destroySession, endSessionByHandle, listSessions, sessionCookie } from "~/auth/session.server";
import { confirmIdentity } from "~/auth/step-up.server";
import { statusOf } from "~/http-status";
import { loginMessages, secondFactorMessages, stepUpMessages, teamMessages } from "~/messages";
import { disableSecondFactor, enableSecondFactor, setSecondFactorRequired, startEnrolment } from "~/services/second-factor.server";
import type { ServerEnv } from "../env";
import { jsonError, loginThrottled, secondFactorRefusal } from "./answers";
import { jsonObject, refuseInvalid } from "./input";

/*
 * The admin's own account (docs/api.md), in three sub-apps by what they need, which
 * server/api/index.ts mounts around the admin guard: the login needs no session; the logout
 * and setting up the second factor need a session, also one still waiting for its second
 * factor; the rest waits until the account has the second factor the owner requires.
 */

/** No session needed. */
export const login = new Hono<ServerEnv>();

/**
 * POST /api/v1/admin/login {"email","password","code"?} → 204 with the session
 * cookie; 401 for a wrong password, 401 {"secondFactor": true} when the
 * account's second factor is missing or wrong, 423 {"secondFactor": true} when
 * its code login is locked (only a recovery code gets in), 401 {"secondFactor": true, "passkey": true}
 * when its second factor is a passkey (which logs in alone), 429 with Retry-After.
 */
login.post("/login", jsonObject, zValidator("json", credentialsSchema, refuseInvalid(400, loginMessages.missingCredentials)), async (c) => {
  const result = await logInWith(c.get("db"), {
    ...c.req.valid("json"),
    ip: c.get("clientIp"),
    requestId: c.get("requestId"),
    userAgent: c.req.header("user-agent") ?? null,
    browserId: browserIdFrom(c.req.header("cookie")),
  });
  if (result.ok) {
    c.header("Set-Cookie", sessionCookie(result.value.sessionId), { append: true });
    c.header("Set-Cookie", browserCookie(result.value.browserId), { append: true });
    return c.body(null, 204);
  }
  const status = statusOf(result.code);
  switch (result.code) {
    case "throttled":
      return loginThrottled(c, result);
    case "secondFactor":
      return jsonError(c, status, result.wrongCode ? loginMessages.wrongCode : loginMessages.codeRequired, { secondFactor: true });
    case "secondFactorLocked":
      return jsonError(c, status, loginMessages.secondFactorLocked, { secondFactor: true });
    case "passkeyRequired":
      return jsonError(c, status, loginMessages.passkeyRequired, { secondFactor: true, passkey: true });
    case "wrongPassword":
      return jsonError(c, status, loginMessages.wrongPassword);
  }
});

/** A session needed, but not yet the second factor. */
export const enrolment = new Hono<ServerEnv>();

/** POST /api/v1/admin/logout → 204; the session is deleted on the server. */
enrolment.post("/logout", async (c) => {
  await destroySession(c.get("db"), c.req.header("cookie"));
  const { admin, clientIp, requestId } = c.var;
  logLoginEvent("logout", { accountId: admin.id, ip: clientIp, requestId });
  return c.body(null, 204, { "Set-Cookie": clearSessionCookie() });
});

/** POST /api/v1/admin/2fa/setup → 200 {"secret","otpauthUrl"}; 409 when the factor is already on. */
// A JSON post like every other: `{}` (415/400 otherwise).
enrolment.post("/2fa/setup", jsonObject, async (c) => {
  const result = await startEnrolment(c.get("db"), c.get("admin"));
  if (!result.ok) return secondFactorRefusal(c, result);
  return c.json(result.value);
});

/** The password and code that enabling and disabling the second factor ask for; 400 when either is missing ("" is no code). */
const passwordAndCode = zValidator(
  "json",
  secondFactorPasswordAndCodeSchema.extend({ code: secondFactorCodeSchema.shape.code.pipe(z.string()) }),
  refuseInvalid(400, secondFactorMessages.wrongPasswordOrCode),
);

/** POST /api/v1/admin/2fa/enable {"password","code"} → 200 {"recoveryCodes": [10]}; a wrong password or code → 400. */
enrolment.post("/2fa/enable", jsonObject, passwordAndCode, async (c) => {
  const { admin, clientIp, requestId } = c.var;
  const result = await enableSecondFactor(c.get("db"), { admin, ...c.req.valid("json"), ip: clientIp, requestId });
  if (!result.ok) return secondFactorRefusal(c, result);
  return c.json(result.value);
});

/** A full session whose account has the second factor the owner requires. */
export const account = new Hono<ServerEnv>();

/** POST /api/v1/admin/2fa/disable {"password","code"} → 204; wrong password or code → 400. */
account.post("/2fa/disable", jsonObject, passwordAndCode, async (c) => {
  const { admin, clientIp, requestId } = c.var;
  const result = await disableSecondFactor(c.get("db"), { admin, ...c.req.valid("json"), ip: clientIp, requestId });
  if (!result.ok) return secondFactorRefusal(c, result);
  return c.body(null, 204);
});

const policySchema = z.object({ required: z.boolean() });

/** POST /api/v1/admin/2fa/policy {"required": true|false} (owner) → 200 {"required"}. */
account.post(
  "/2fa/policy",
  jsonObject,
  zValidator("json", policySchema, refuseInvalid(400, secondFactorMessages.policyInvalid)),
  async (c) => {
    const result = await setSecondFactorRequired(c.get("db"), { admin: c.get("admin"), required: c.req.valid("json").required });
    if (!result.ok) return secondFactorRefusal(c, result);
    return c.json(result.value);
  },
);

/**
 * POST /api/v1/admin/step-up {"password"} or {"code"} → 204 with a new session cookie (the old id
 * ends) that counts as checked now, and
 * the sensitive owner actions (401 {"stepUp": true} otherwise) are open for 10 minutes; a wrong
 * password or code → 400, a locked code login → 423, the login's limits → 429 with Retry-After.
 */
account.post("/step-up", jsonObject, zValidator("json", stepUpSchema, refuseInvalid(400, stepUpMessages.missing)), async (c) => {
  const { admin, clientIp, requestId } = c.var;
  const result = await confirmIdentity(c.get("db"), {
    ...c.req.valid("json"),
    userId: admin.id,
    cookieHeader: c.req.header("cookie"),
    ip: clientIp,
    requestId,
  });
  if (result.ok) return c.body(null, 204, { "Set-Cookie": sessionCookie(result.value.sessionId) });
  if (result.code === "throttled") return loginThrottled(c, result);
  return jsonError(
    c,
    statusOf(result.code),
    result.code === "secondFactorLocked" ? loginMessages.secondFactorLocked : stepUpMessages.wrong,
  );
});

/** GET /api/v1/admin/sessions → 200 {"sessions": [{"id","createdAt","lastSeenAt","userAgent","network","current"}]}: the account's own. */
account.get("/sessions", async (c) => {
  return c.json({ sessions: await listSessions(c.get("db"), c.get("admin").id, c.req.header("cookie"), new Date()) });
});

/** DELETE /api/v1/admin/sessions/:id → 204: ends one of the account's own sessions; 404 for any other id. */
account.delete("/sessions/:id", async (c) => {
  const ended = await endSessionByHandle(c.get("db"), c.get("admin").id, c.req.param("id"));
  if (!ended) return jsonError(c, 404, teamMessages.sessionNotFound);
  return c.body(null, 204);
});
