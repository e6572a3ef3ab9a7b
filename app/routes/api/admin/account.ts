import { z } from "zod";
import type { RequestHandler } from "express";
import { credentialsSchema, secondFactorPasswordAndCodeSchema } from "~/auth/credentials";
import { logLoginEvent } from "~/auth/login-events.server";
import { login } from "~/auth/login.server";
import { clearSessionCookie, destroySession, endSessionByHandle, listSessions, sessionCookie } from "~/auth/session.server";
import { jsonBody, sendJsonError } from "~/lib/json-api.server";
import { secondFactorRefusal } from "~/lib/second-factor-answer.server";
import { loginMessages, secondFactorMessages, teamMessages } from "~/messages";
import { disableSecondFactor, enableSecondFactor, setSecondFactorRequired, startEnrolment } from "~/services/second-factor.server";

/**
 * POST /api/v1/admin/login {"email","password","code"?} → 204 with the session
 * cookie; 401 for a wrong password, 401 {"secondFactor": true} when the
 * account's second factor is missing or wrong, 429 with Retry-After.
 */
export const logIn: RequestHandler = async (req, res) => {
  const credentials = credentialsSchema.safeParse(jsonBody(req, res));
  if (!credentials.success) return sendJsonError(res, 400, loginMessages.missingCredentials);
  const result = await login(res.locals.db, {
    ...credentials.data,
    ip: res.locals.clientIp,
    requestId: res.locals.requestId,
    userAgent: req.headers["user-agent"] ?? null,
  });
  if (result.ok) return void res.status(204).set("Set-Cookie", sessionCookie(result.sessionId)).end();
  switch (result.reason) {
    case "throttled":
      return sendJsonError(
        res,
        429,
        loginMessages.throttled(result.limit, result.retryAfterSeconds),
        {},
        {
          "Retry-After": String(result.retryAfterSeconds),
        },
      );
    case "second-factor":
      return sendJsonError(res, 401, result.wrongCode ? loginMessages.wrongCode : loginMessages.codeRequired, { secondFactor: true });
    case "invalid":
      return sendJsonError(res, 401, loginMessages.wrongPassword);
  }
};

/** POST /api/v1/admin/logout → 204; the session is deleted on the server. */
export const logOut: RequestHandler = async (req, res) => {
  await destroySession(res.locals.db, req.headers.cookie);
  const { admin, clientIp, requestId } = res.locals;
  logLoginEvent("logout", { accountId: admin.id, ip: clientIp, requestId });
  res.status(204).set("Set-Cookie", clearSessionCookie()).end();
};

/** GET /api/v1/admin/sessions → 200 {"sessions": [{"id","createdAt","lastSeenAt","userAgent","current"}]}: the account's own. */
export const ownSessions: RequestHandler = async (req, res) => {
  res.json({ sessions: await listSessions(res.locals.db, res.locals.admin.id, req.headers.cookie, new Date()) });
};

/** DELETE /api/v1/admin/sessions/:id → 204: ends one of the account's own sessions; 404 for any other id. */
export const endOwnSession: RequestHandler<{ id: string }> = async (req, res) => {
  const ended = await endSessionByHandle(res.locals.db, res.locals.admin.id, req.params.id);
  if (!ended) return sendJsonError(res, 404, teamMessages.sessionNotFound);
  res.status(204).end();
};

/** POST /api/v1/admin/2fa/setup → 200 {"secret","otpauthUrl"}; 409 when the factor is already on. */
export const startSecondFactor: RequestHandler = async (req, res) => {
  jsonBody(req, res); // a JSON post like every other: `{}` (415/400 otherwise)
  const result = await startEnrolment(res.locals.db, res.locals.admin);
  if (!result.ok) return secondFactorRefusal(res, result);
  res.json(result.value);
};

/** The password and code that enabling and disabling the second factor ask for; 400 when either is missing. */
function passwordAndCode(body: Record<string, unknown>): { password: string; code: string } | null {
  const parsed = secondFactorPasswordAndCodeSchema.safeParse(body);
  return parsed.success && parsed.data.code ? { password: parsed.data.password, code: parsed.data.code } : null;
}

/** POST /api/v1/admin/2fa/enable {"password","code"} → 200 {"recoveryCodes": [10]}; a wrong password or code → 400. */
export const enableOwnSecondFactor: RequestHandler = async (req, res) => {
  const proof = passwordAndCode(jsonBody(req, res));
  if (!proof) return sendJsonError(res, 400, secondFactorMessages.wrongPasswordOrCode);
  const { admin, clientIp, requestId } = res.locals;
  const result = await enableSecondFactor(res.locals.db, { admin, ...proof, ip: clientIp, requestId });
  if (!result.ok) return secondFactorRefusal(res, result);
  res.json(result.value);
};

/** POST /api/v1/admin/2fa/disable {"password","code"} → 204; wrong password or code → 400. */
export const disableOwnSecondFactor: RequestHandler = async (req, res) => {
  const proof = passwordAndCode(jsonBody(req, res));
  if (!proof) return sendJsonError(res, 400, secondFactorMessages.wrongPasswordOrCode);
  const { admin, clientIp, requestId } = res.locals;
  const result = await disableSecondFactor(res.locals.db, { admin, ...proof, ip: clientIp, requestId });
  if (!result.ok) return secondFactorRefusal(res, result);
  res.status(204).end();
};

const policySchema = z.object({ required: z.boolean() });

/** POST /api/v1/admin/2fa/policy {"required": true|false} (owner) → 200 {"required"}. */
export const secondFactorPolicy: RequestHandler = async (req, res) => {
  const parsed = policySchema.safeParse(jsonBody(req, res));
  if (!parsed.success) return sendJsonError(res, 400, secondFactorMessages.policyInvalid);
  const result = await setSecondFactorRequired(res.locals.db, { admin: res.locals.admin, required: parsed.data.required });
  if (!result.ok) return secondFactorRefusal(res, result);
  res.json(result.value);
};
