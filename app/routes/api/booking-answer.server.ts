import crypto from "node:crypto";
import type { RequestContext } from "~/context";
import { isCalendarDate } from "~/domain/calendar-date";
import type { ApiError } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "~/lib/unavailable.server";
import { BOOKING_FAILED_MESSAGE } from "~/schemas/booking";
import { bookingConfigFromEnv, bookingResultStatus, getDaySlots, requestAppointment } from "~/services/booking.server";

/** An answer of the JSON API before it becomes an HTTP response. */
export type JsonAnswer = { status: number; body: object; headers?: Record<string, string> };

const error = (status: number, body: ApiError & { code?: string }, headers?: Record<string, string>): JsonAnswer => ({
  status,
  body,
  headers,
});

export const INVALID_DATE_MESSAGE = "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.";

type AnswerContext = Pick<RequestContext, "db" | "requestId">;

/** An unexpected failure: logged with the request id; a database outage is a 503, anything else a 500. */
function failed(failure: unknown, context: AnswerContext, what: string): JsonAnswer {
  logger.error({ err: failure, requestId: context.requestId }, `${what} failed`);
  if (isDatabaseUnavailable(failure)) {
    return error(503, { error: SERVICE_UNAVAILABLE_MESSAGE }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  return error(500, { error: BOOKING_FAILED_MESSAGE });
}

/**
 * The answer to `GET /api/v1/slots?date=yyyy-MM-dd` (docs/api.md): the slots
 * of one day. Shared by the route's loader and the server's fast path
 * (decision 013).
 */
export async function answerSlotsRequest(date: string, context: AnswerContext): Promise<JsonAnswer> {
  if (!isCalendarDate(date)) return error(400, { error: INVALID_DATE_MESSAGE });
  try {
    const day = await getDaySlots(context.db, date, new Date(), bookingConfigFromEnv());
    return { status: 200, body: day, headers: { "Cache-Control": "no-store" } };
  } catch (failure) {
    return failed(failure, context, "slots");
  }
}

/**
 * The answer to `POST /api/v1/appointments` (docs/api.md) for a parsed JSON
 * body. One definition for the React Router action and the server's fast
 * path, which answers the same request without Express and React Router
 * (decision 013).
 */
export async function answerBookingRequest(
  input: Record<string, unknown>,
  context: AnswerContext & Pick<RequestContext, "clientIp">,
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
    return failed(failure, context, "booking");
  }
}
