import type { SecondFactorErrorCode } from "~/domain/error-codes";
import { loginMessages, secondFactorMessages } from "~/messages";
import type { SecondFactorResult } from "~/services/second-factor.server";
import type { Response } from "express";
import { sendJsonError } from "./json-api.server";

const statusOf: Record<SecondFactorErrorCode, number> = {
  wrongPasswordOrCode: 400,
  ownerOnly: 403,
  alreadyEnabled: 409,
  notStarted: 409,
  notEnabled: 409,
  required: 409,
};

/** The JSON answer to a refused change of the second factor (docs/api.md). */
export function secondFactorRefusal(res: Response, result: Exclude<SecondFactorResult<unknown>, { ok: true }>): void {
  if ("reason" in result) {
    return sendJsonError(
      res,
      429,
      loginMessages.throttled(result.limit, result.retryAfterSeconds),
      {},
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
  return sendJsonError(res, statusOf[result.code], secondFactorMessages[result.code]);
}
