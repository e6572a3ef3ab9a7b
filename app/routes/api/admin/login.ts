import type { Route } from "./+types/login";
import { credentialsSchema } from "~/auth/credentials";
import { adminArea } from "~/auth/guard.server";
import { login } from "~/auth/login.server";
import { sessionCookie } from "~/auth/session.server";
import { databaseContext, requestContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { loginMessages } from "~/messages";

export const middleware: Route.MiddlewareFunction[] = [adminArea];

/**
 * POST /api/v1/admin/login {"email","password","code"?} → 204 with the session
 * cookie; 401 for a wrong password, 401 {"secondFactor": true} when the
 * account's second factor is missing or wrong, 429 with Retry-After.
 */
export const action = jsonPostAction(async (body, { request, context }: Route.ActionArgs) => {
  const credentials = credentialsSchema.safeParse(body);
  if (!credentials.success) return jsonError(400, loginMessages.missingCredentials);
  const { clientIp, requestId } = context.get(requestContext);
  const result = await login(context.get(databaseContext), {
    ...credentials.data,
    ip: clientIp,
    requestId,
    userAgent: request.headers.get("user-agent"),
  });
  if (result.ok) {
    return new Response(null, { status: 204, headers: { "Set-Cookie": sessionCookie(result.sessionId) } });
  }
  switch (result.reason) {
    case "throttled":
      return jsonError(
        429,
        loginMessages.throttled(result.limit, result.retryAfterSeconds),
        {},
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    case "second-factor":
      return jsonError(401, result.wrongCode ? loginMessages.wrongCode : loginMessages.codeRequired, { secondFactor: true });
    case "invalid":
      return jsonError(401, loginMessages.wrongPassword);
  }
});

export const loader = postOnlyLoader;
