import { data } from "react-router";
import type { Throttled } from "~/auth/throttle.server";
import type { ErrorCode, PasswordWarning } from "~/domain/error-codes";
import type { Failure } from "~/domain/result";
import { statusOf } from "~/http-status";
import { refusalMessage, tooManyRequestsMessage } from "~/messages";

/**
 * The answer of a one-time link's page (the first setup, an invitation) to a refused post: the
 * code's German words (a weak password's with the estimate's hint) with its status, or the per-IP limit's 429 with Retry-After.
 */
export function linkPageRefusal<C extends ErrorCode>(
  result: (Failure<C> & { warning?: PasswordWarning }) | Throttled,
  messages: Record<C, string>,
) {
  if ("retryAfterSeconds" in result) {
    return data(
      { error: tooManyRequestsMessage(result.retryAfterSeconds) },
      { status: statusOf(result.code), headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data({ error: refusalMessage(result, messages) }, { status: statusOf(result.code) });
}
