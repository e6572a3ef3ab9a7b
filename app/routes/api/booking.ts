import crypto from "node:crypto";
import { bookableServices } from "~/config/site";
import { daysBetween, isCalendarDate } from "~/domain/calendar-date";
import { type ApiContext, jsonBody, jsonError, searchParams } from "~/lib/json-api.server";
import { bookingMessages } from "~/messages";
import {
  bookingConfigFromEnv,
  bookingResultStatus,
  getAvailability,
  getDaySlots,
  MAX_AVAILABILITY_DAYS,
  requestAppointment,
} from "~/services/booking.server";

const INVALID_DATE_MESSAGE = "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.";
const INVALID_RANGE_MESSAGE = "Bitte geben Sie from und to als gültige Daten im Format JJJJ-MM-TT an.";
const INVALID_SERVICE_MESSAGE = "Bitte wählen Sie eine der angebotenen Leistungen aus.";

/** The optional `service` parameter: absent (one slot), a bookable service, or false for anything else. */
function serviceParam(params: URLSearchParams): string | undefined | false {
  const service = params.get("service");
  if (service === null || service === "") return undefined;
  return bookableServices.includes(service) ? service : false;
}

/** GET /api/v1/slots?date=yyyy-MM-dd[&service=…] – the start times of one day, for a service's duration (docs/api.md). */
export async function slots(c: ApiContext): Promise<Response> {
  const params = searchParams(c);
  const date = params.get("date") ?? "";
  if (!isCalendarDate(date)) return jsonError(c, 400, INVALID_DATE_MESSAGE);
  const service = serviceParam(params);
  if (service === false) return jsonError(c, 400, INVALID_SERVICE_MESSAGE);
  return c.json(await getDaySlots(c.get("db"), date, new Date(), bookingConfigFromEnv(), service));
}

/** GET /api/v1/availability?from=&to=[&service=] – which dates can still be requested, and how full they are (docs/api.md). */
export async function availability(c: ApiContext): Promise<Response> {
  const params = searchParams(c);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (!isCalendarDate(from) || !isCalendarDate(to)) return jsonError(c, 400, INVALID_RANGE_MESSAGE);
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_AVAILABILITY_DAYS) {
    return jsonError(c, 400, `Der Zeitraum muss 1 bis ${MAX_AVAILABILITY_DAYS} Tage umfassen (from ≤ to).`);
  }
  const service = serviceParam(params);
  if (service === false) return jsonError(c, 400, INVALID_SERVICE_MESSAGE);
  const result = await getAvailability(c.get("db"), from, to, new Date(), bookingConfigFromEnv(), service);
  return c.json({ from, to, days: result });
}

/** POST /api/v1/appointments – a customer's appointment request (docs/api.md). */
export async function appointmentRequest(c: ApiContext): Promise<Response> {
  const result = await requestAppointment(c.get("db"), jsonBody(c), {
    now: new Date(),
    clientIp: c.get("clientIp"),
    config: bookingConfigFromEnv(),
  });
  const status = bookingResultStatus[result.kind];
  switch (result.kind) {
    case "created":
      return c.json({ id: result.id, status: "beantragt" }, status);
    case "honeypot":
      return c.json({ id: crypto.randomUUID(), status: "beantragt" }, status);
    case "invalid":
      return jsonError(c, status, result.error, { fields: result.fields });
    case "rate-limited":
      return jsonError(c, status, bookingMessages["rate-limited"], {}, { "Retry-After": String(result.retryAfterSeconds) });
    // `code` lets a client tell a taken slot (refresh the times) from the per-address and pick-up limits.
    case "slot-taken":
    case "pickups-full":
      return c.json({ error: bookingMessages[result.kind], code: result.kind }, status);
    case "too-many-open":
      return c.json({ error: bookingMessages["too-many-open"](result.limit), code: result.kind }, status);
  }
}
