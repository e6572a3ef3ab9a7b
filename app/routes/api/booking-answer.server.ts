import crypto from "node:crypto";
import type { RequestContext } from "~/context";
import type { ApiError } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "~/lib/unavailable.server";
import { BOOKING_FAILED_MESSAGE } from "~/schemas/booking";
import { bookingConfigFromEnv, bookingResultStatus, requestAppointment } from "~/services/booking.server";

/** An answer of the JSON API before it becomes an HTTP response. */
export type JsonAnswer = { status: number; body: object; headers?: Record<string, string> };

const error = (status: number, body: ApiError & { code?: string }, headers?: Record<string, string>): JsonAnswer => ({
  status,
  body,
  headers,
});

/**
 * The answer to `POST /api/v1/appointments` (docs/api.md) for a parsed JSON
 * body. One definition for the React Router action and the server's fast
 * path, which answers the same request without Express and React Router
 * (decision 013).
 */
export async function answerBookingRequest(
  input: Record<string, unknown>,
  context: Pick<RequestContext, "db" | "clientIp" | "requestId">,
): Promise<JsonAnswer> {
  try {
    const result = await requestAppointment(context.db, input, {
      now: new Date(),
      clientIp: context.clientIp,
      config: bookingConfigFromEnv(),
    });
    const status = bookingResultStatus[result.kind];
    switch (result.kind) {
      case "created":
        return { status, body: { id: result.id, status: "beantragt" } };
      case "honeypot":
        return { status, body: { id: crypto.randomUUID(), status: "beantragt" } };
      case "invalid":
        return error(status, { error: result.error, fields: result.fields });
      case "rate-limited":
        return error(status, { error: result.error }, { "Retry-After": String(result.retryAfterSeconds) });
      case "slot-taken":
      case "too-many-open":
        // `code` lets a client tell a taken slot (refresh the times) from the per-address limit.
        return error(status, { error: result.error, code: result.kind });
    }
  } catch (failure) {
    logger.error({ err: failure, requestId: context.requestId }, "booking failed");
    if (isDatabaseUnavailable(failure)) {
      return error(503, { error: SERVICE_UNAVAILABLE_MESSAGE }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    return error(500, { error: BOOKING_FAILED_MESSAGE });
  }
}
