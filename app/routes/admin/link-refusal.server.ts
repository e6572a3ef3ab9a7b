import { data } from "react-router";
import type { Throttled } from "~/auth/throttle.server";
import type { ErrorCode } from "~/domain/error-codes";
import type { Failure } from "~/domain/result";
import { statusOf } from "~/http-status";
import { tooManyRequestsMessage } from "~/messages";

/**
 * The answer of a one-time link's page (the first setup, an invitation) to a refused post: the
 * code's German words with its status, or the per-IP limit's 429 with Retry-After.
 */
export function linkPageRefusal<C extends ErrorCode>(result: Failure<C> | Throttled, messages: Record<C, string>) {
  if ("retryAfterSeconds" in result) {
    return data(
      { error: tooManyRequestsMessage(result.retryAfterSeconds) },
      { status: statusOf(result.code), headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data({ error: messages[result.code] }, { status: statusOf(result.code) });
}
