import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { bookableServices } from "~/config/site";
import { daysBetween, isCalendarDate } from "~/domain/calendar-date";
import { jsonBody, searchParams, sendJsonError } from "~/lib/json-api.server";
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
export const slots: RequestHandler = async (req, res) => {
  const params = searchParams(req);
  const date = params.get("date") ?? "";
  if (!isCalendarDate(date)) return sendJsonError(res, 400, INVALID_DATE_MESSAGE);
  const service = serviceParam(params);
  if (service === false) return sendJsonError(res, 400, INVALID_SERVICE_MESSAGE);
  res.json(await getDaySlots(res.locals.db, date, new Date(), bookingConfigFromEnv(), service));
};

/** GET /api/v1/availability?from=&to=[&service=] – which dates can still be requested, and how full they are (docs/api.md). */
export const availability: RequestHandler = async (req, res) => {
  const params = searchParams(req);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (!isCalendarDate(from) || !isCalendarDate(to)) return sendJsonError(res, 400, INVALID_RANGE_MESSAGE);
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_AVAILABILITY_DAYS) {
    return sendJsonError(res, 400, `Der Zeitraum muss 1 bis ${MAX_AVAILABILITY_DAYS} Tage umfassen (from ≤ to).`);
  }
  const service = serviceParam(params);
  if (service === false) return sendJsonError(res, 400, INVALID_SERVICE_MESSAGE);
  const result = await getAvailability(res.locals.db, from, to, new Date(), bookingConfigFromEnv(), service);
  res.json({ from, to, days: result });
};

/** POST /api/v1/appointments – a customer's appointment request (docs/api.md). */
export const appointmentRequest: RequestHandler = async (req, res) => {
  const result = await requestAppointment(res.locals.db, jsonBody(req, res), {
    now: new Date(),
    clientIp: res.locals.clientIp,
    config: bookingConfigFromEnv(),
  });
  res.status(bookingResultStatus[result.kind]);
  switch (result.kind) {
    case "created":
      return void res.json({ id: result.id, status: "beantragt" });
    case "honeypot":
      return void res.json({ id: crypto.randomUUID(), status: "beantragt" });
    case "invalid":
      return sendJsonError(res, res.statusCode, result.error, { fields: result.fields });
    case "rate-limited":
      return sendJsonError(res, res.statusCode, bookingMessages["rate-limited"], {}, { "Retry-After": String(result.retryAfterSeconds) });
    // `code` lets a client tell a taken slot (refresh the times) from the per-address and pick-up limits.
    case "slot-taken":
    case "pickups-full":
      return void res.json({ error: bookingMessages[result.kind], code: result.kind });
    case "too-many-open":
      return void res.json({ error: bookingMessages["too-many-open"](result.limit), code: result.kind });
  }
};
