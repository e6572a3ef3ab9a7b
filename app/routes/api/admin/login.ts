import type { Route } from "./+types/login";
import { credentialsSchema, missingCredentialsMessage } from "~/auth/credentials";
import { login, wrongPasswordMessage } from "~/auth/login.server";
import { adminArea } from "~/auth/guard.server";
import { sessionCookie } from "~/auth/session.server";
import { databaseContext, requestContext } from "~/context";
import { tooManyAttemptsMessage } from "~/auth/throttle.server";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";

export const middleware: Route.MiddlewareFunction[] = [adminArea];

/** POST /api/v1/admin/login {"email","password"} → 204 with the session cookie. */
export const action = jsonPostAction(async (body, { context }: Route.ActionArgs) => {
  const credentials = credentialsSchema.safeParse(body);
  if (!credentials.success) return jsonError(400, missingCredentialsMessage);
  const result = await login(context.get(databaseContext), { ...credentials.data, ip: context.get(requestContext).clientIp });
  if (result.ok) {
    return new Response(null, { status: 204, headers: { "Set-Cookie": sessionCookie(result.sessionId) } });
  }
  if (result.reason === "throttled") {
    return jsonError(429, tooManyAttemptsMessage, {}, { "Retry-After": String(result.retryAfterSeconds) });
  }
  return jsonError(401, wrongPasswordMessage);
});

export const loader = postOnlyLoader;
