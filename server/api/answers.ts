import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Throttled } from "~/auth/throttle.server";
import type {
  AbsenceErrorCode,
  ClosureErrorCode,
  ErrorCode,
  PasskeyErrorCode,
  PasswordWarning,
  ResourceErrorCode,
  SecondFactorErrorCode,
  TeamErrorCode,
} from "~/domain/error-codes";
import type { Failure } from "~/domain/result";
import { retryAfter, statusOf } from "~/http-status";
import {
  absenceMessages,
  closureMessages,
  loginMessages,
  passkeyMessages,
  refusalMessage,
  resourceMessages,
  secondFactorMessages,
  teamMessages,
} from "~/messages";

/** The JSON API's refusals (docs/api.md): always `{error, …}` with a German message. */

export const METHOD_NOT_ALLOWED_MESSAGE = "Diese Methode ist hier nicht erlaubt.";
export const UNKNOWN_ENDPOINT_MESSAGE = "Diese Adresse gibt es in der API nicht (docs/api.md).";

export type ApiError = {
  error: string;
  fields?: Record<string, string>;
  requestId?: string;
  /** The login needs the account's second factor (docs/api.md). */
  secondFactor?: boolean;
  /** The account must set up its second factor before anything else. */
  enrolmentRequired?: boolean;
  /** A sensitive action wants the password or a code again first (POST /api/v1/admin/step-up). */
  stepUp?: boolean;
  /** The login's second factor is the account's passkey: 'Mit Passkey anmelden' (decision 034). */
  passkey?: boolean;
  /** Which refusal it is, where a client must tell two of one status apart (e.g. …/resources: `conflict`, `resourceTaken`). */
  code?: string;
};

/** A refusal in the API's shape (docs/api.md): `{error, …}` with a German message. */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  extra: Omit<ApiError, "error"> = {},
  headers: Record<string, string> = {},
): Response {
  return c.json({ error, ...extra } satisfies ApiError, status, headers);
}

/** A service's refusal by its code: its status (app/http-status.ts), `message`, and `stepUp: true` where the code asks for it. */
export function codeRefusal(c: Context, code: ErrorCode, message: string): Response {
  return jsonError(c, statusOf(code), message, code === "stepUpRequired" ? { stepUp: true } : {});
}

/** The last handler of a path: any other method gets 405 with the allowed ones in `Allow`. */
export function methodNotAllowed(...allowed: string[]) {
  return (c: Context) => jsonError(c, 405, METHOD_NOT_ALLOWED_MESSAGE, {}, { Allow: allowed.join(", ") });
}

/** The JSON answer to a refused closure request (docs/api.md). */
export function closureRefusal(c: Context, code: Exclude<ClosureErrorCode, "reasonRequired" | "reasonTooLong">): Response {
  return codeRefusal(c, code, closureMessages[code]);
}

/** The JSON answer to a refused change of the workshop's resources (docs/api.md). */
export function resourceRefusal(c: Context, code: ResourceErrorCode): Response {
  return codeRefusal(c, code, resourceMessages[code]);
}

/** The JSON answer to a refused absence of a resource (docs/api.md). */
export function absenceRefusal(c: Context, code: AbsenceErrorCode): Response {
  return codeRefusal(c, code, absenceMessages[code]);
}

/** The login's limits refused (a login, or a change they guard): 429 with the login's words and Retry-After. */
export function loginThrottled(c: Context, result: Throttled): Response {
  return jsonError(
    c,
    statusOf(result.code),
    loginMessages.throttled(result.limit, result.retryAfterSeconds),
    {},
    retryAfter(result.retryAfterSeconds),
  );
}

/** A refused change of the second factor: a code, or the login's limits (`throttled`). */
type SecondFactorRefusal = Failure<SecondFactorErrorCode> | Throttled;

/** The JSON answer to a refused change of the second factor (docs/api.md). */
export function secondFactorRefusal(c: Context, result: SecondFactorRefusal): Response {
  if (result.code === "throttled") return loginThrottled(c, result);
  return codeRefusal(c, result.code, secondFactorMessages[result.code]);
}

/** The JSON answer to a refused change of the account's passkeys (docs/api.md). */
export function passkeyRefusal(c: Context, result: Failure<PasskeyErrorCode> | Throttled): Response {
  if (result.code === "throttled") return loginThrottled(c, result);
  return jsonError(c, statusOf(result.code), passkeyMessages[result.code]);
}

/** The JSON answer to a refused change of the team (docs/api.md); a weak password's with the estimate's hint. */
export function teamRefusal(c: Context, refusal: Failure<TeamErrorCode> & { warning?: PasswordWarning }): Response {
  return codeRefusal(c, refusal.code, refusalMessage(refusal, teamMessages));
}
