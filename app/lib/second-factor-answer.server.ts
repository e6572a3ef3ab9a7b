import type { SecondFactorErrorCode } from "~/domain/error-codes";
import { loginMessages, secondFactorMessages } from "~/messages";
import type { SecondFactorResult } from "~/services/second-factor.server";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ApiContext, jsonError } from "./json-api.server";

const statusOf: Record<SecondFactorErrorCode, ContentfulStatusCode> = {
  wrongPasswordOrCode: 400,
  ownerOnly: 403,
  alreadyEnabled: 409,
  notStarted: 409,
  notEnabled: 409,
  required: 409,
};

/** The JSON answer to a refused change of the second factor (docs/api.md). */
export function secondFactorRefusal(c: ApiContext, result: Exclude<SecondFactorResult<unknown>, { ok: true }>): Response {
  if ("reason" in result) {
    return jsonError(
      c,
      429,
      loginMessages.throttled(result.limit, result.retryAfterSeconds),
      {},
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
  return jsonError(c, statusOf[result.code], secondFactorMessages[result.code]);
}
