import { z } from "zod";
import { credentialsSchema, secondFactorPasswordAndCodeSchema } from "~/auth/credentials";
import { logLoginEvent } from "~/auth/login-events.server";
import { login } from "~/auth/login.server";
import { clearSessionCookie, destroySession, endSessionByHandle, listSessions, sessionCookie } from "~/auth/session.server";
import { type ApiContext, jsonBody, jsonError, pathParam } from "~/lib/json-api.server";
import { secondFactorRefusal } from "~/lib/second-factor-answer.server";
import { loginMessages, secondFactorMessages, teamMessages } from "~/messages";
import { disableSecondFactor, enableSecondFactor, setSecondFactorRequired, startEnrolment } from "~/services/second-factor.server";

/**
 * POST /api/v1/admin/login {"email","password","code"?} → 204 with the session
 * cookie; 401 for a wrong password, 401 {"secondFactor": true} when the
 * account's second factor is missing or wrong, 429 with Retry-After.
 */
export async function logIn(c: ApiContext): Promise<Response> {
  const credentials = credentialsSchema.safeParse(jsonBody(c));
  if (!credentials.success) return jsonError(c, 400, loginMessages.missingCredentials);
  const result = await login(c.get("db"), {
    ...credentials.data,
    ip: c.get("clientIp"),
    requestId: c.get("requestId"),
    userAgent: c.req.header("user-agent") ?? null,
  });
  if (result.ok) return c.body(null, 204, { "Set-Cookie": sessionCookie(result.sessionId) });
  switch (result.reason) {
    case "throttled":
      return jsonError(
        c,
        429,
        loginMessages.throttled(result.limit, result.retryAfterSeconds),
        {},
        {
          "Retry-After": String(result.retryAfterSeconds),
        },
      );
    case "second-factor":
      return jsonError(c, 401, result.wrongCode ? loginMessages.wrongCode : loginMessages.codeRequired, { secondFactor: true });
    case "invalid":
      return jsonError(c, 401, loginMessages.wrongPassword);
  }
}

/** POST /api/v1/admin/logout → 204; the session is deleted on the server. */
export async function logOut(c: ApiContext): Promise<Response> {
  await destroySession(c.get("db"), c.req.header("cookie"));
  const { admin, clientIp, requestId } = c.var;
  logLoginEvent("logout", { accountId: admin.id, ip: clientIp, requestId });
  return c.body(null, 204, { "Set-Cookie": clearSessionCookie() });
}

/** GET /api/v1/admin/sessions → 200 {"sessions": [{"id","createdAt","lastSeenAt","userAgent","current"}]}: the account's own. */
export async function ownSessions(c: ApiContext): Promise<Response> {
  return c.json({ sessions: await listSessions(c.get("db"), c.get("admin").id, c.req.header("cookie"), new Date()) });
}

/** DELETE /api/v1/admin/sessions/:id → 204: ends one of the account's own sessions; 404 for any other id. */
export async function endOwnSession(c: ApiContext): Promise<Response> {
  const ended = await endSessionByHandle(c.get("db"), c.get("admin").id, pathParam(c, "id"));
  if (!ended) return jsonError(c, 404, teamMessages.sessionNotFound);
  return c.body(null, 204);
}

/** POST /api/v1/admin/2fa/setup → 200 {"secret","otpauthUrl"}; 409 when the factor is already on. */
export async function startSecondFactor(c: ApiContext): Promise<Response> {
  jsonBody(c); // a JSON post like every other: `{}` (415/400 otherwise)
  const result = await startEnrolment(c.get("db"), c.get("admin"));
  if (!result.ok) return secondFactorRefusal(c, result);
  return c.json(result.value);
}

/** The password and code that enabling and disabling the second factor ask for; 400 when either is missing. */
function passwordAndCode(body: Record<string, unknown>): { password: string; code: string } | null {
  const parsed = secondFactorPasswordAndCodeSchema.safeParse(body);
  return parsed.success && parsed.data.code ? { password: parsed.data.password, code: parsed.data.code } : null;
}

/** POST /api/v1/admin/2fa/enable {"password","code"} → 200 {"recoveryCodes": [10]}; a wrong password or code → 400. */
export async function enableOwnSecondFactor(c: ApiContext): Promise<Response> {
  const proof = passwordAndCode(jsonBody(c));
  if (!proof) return jsonError(c, 400, secondFactorMessages.wrongPasswordOrCode);
  const { admin, clientIp, requestId } = c.var;
  const result = await enableSecondFactor(c.get("db"), { admin, ...proof, ip: clientIp, requestId });
  if (!result.ok) return secondFactorRefusal(c, result);
  return c.json(result.value);
}

/** POST /api/v1/admin/2fa/disable {"password","code"} → 204; wrong password or code → 400. */
export async function disableOwnSecondFactor(c: ApiContext): Promise<Response> {
  const proof = passwordAndCode(jsonBody(c));
  if (!proof) return jsonError(c, 400, secondFactorMessages.wrongPasswordOrCode);
  const { admin, clientIp, requestId } = c.var;
  const result = await disableSecondFactor(c.get("db"), { admin, ...proof, ip: clientIp, requestId });
  if (!result.ok) return secondFactorRefusal(c, result);
  return c.body(null, 204);
}

const policySchema = z.object({ required: z.boolean() });

/** POST /api/v1/admin/2fa/policy {"required": true|false} (owner) → 200 {"required"}. */
export async function secondFactorPolicy(c: ApiContext): Promise<Response> {
  const parsed = policySchema.safeParse(jsonBody(c));
  if (!parsed.success) return jsonError(c, 400, secondFactorMessages.policyInvalid);
  const result = await setSecondFactorRequired(c.get("db"), { admin: c.get("admin"), required: parsed.data.required });
  if (!result.ok) return secondFactorRefusal(c, result);
  return c.json(result.value);
}
