import crypto from "node:crypto";
import { Hono } from "hono";
import { env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { daysBetween, isCalendarDate } from "~/domain/calendar-date";
import { servicesProblem } from "~/domain/visit";
import { bookableServiceNames } from "~/domain/workshop";
import { retryAfter, statusOf } from "~/http-status";
import { bookingRefusal, unavailableDayMessage } from "~/messages";
import {
  type BookingConfig,
  bookingConfigFromEnv,
  getAvailability,
  getDaySlots,
  MAX_AVAILABILITY_DAYS,
  requestAppointment,
} from "~/services/booking.server";
import { workshopFactsInForce } from "~/services/workshop-facts.server";
import type { ServerEnv } from "../env";
import { jsonError } from "./answers";
import { jsonBody } from "./input";

const INVALID_DATE_MESSAGE = "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.";
const INVALID_RANGE_MESSAGE = "Bitte geben Sie from und to als gültige Daten im Format JJJJ-MM-TT an.";
const INVALID_SERVICE_MESSAGE = "Bitte wählen Sie eine der angebotenen Leistungen aus.";
const DUPLICATE_SERVICE_MESSAGE = "Bitte geben Sie jede Leistung (service) nur einmal an.";
const INVALID_COURTESY_CAR_MESSAGE = "Bitte geben Sie courtesyCar als true oder false an.";

/** The optional `courtesyCar` parameter (issue 27): absent or "false" no, "true" yes, null for anything else. */
function courtesyCarParam(value: string | undefined): boolean | null {
  if (value === undefined || value === "" || value === "false") return false;
  return value === "true" ? true : null;
}

/**
 * The optional `service` parameter, repeated for a visit of several (issue 28, `service=A&service=B`):
 * none (one slot), the services the workshop offers online now (issue 29) each once, or the German
 * answer for anything else.
 */
function servicesParam(values: string[] | undefined, config: BookingConfig): string[] | { error: string } {
  const services = (values ?? []).filter((value) => value !== "");
  if (services.length === 0) return [];
  const offered = bookableServiceNames(config);
  const catalogue = offered.map((name) => ({ name, bookable: true, durationMinutes: 0, needs: [] }));
  const problem = servicesProblem(catalogue, services[0]!, services);
  if (problem === null) return services;
  return { error: problem.problem === "duplicate" ? DUPLICATE_SERVICE_MESSAGE : INVALID_SERVICE_MESSAGE };
}

/** The booking's rules from the workshop's facts as this instance has them now (at most 2 s old, decision 042). */
async function bookingConfig(db: Database): Promise<BookingConfig> {
  return bookingConfigFromEnv(env(), await workshopFactsInForce(db));
}

/** The public booking endpoints (docs/api.md): free times, free days, the appointment request. */
export const booking = new Hono<ServerEnv>();

/** GET /api/v1/slots?date=yyyy-MM-dd[&service=…]*[&courtesyCar=true] – the start times of one day, for the services' resources and duration. */
booking.get("/slots", async (c) => {
  const date = c.req.query("date") ?? "";
  if (!isCalendarDate(date)) return jsonError(c, 400, INVALID_DATE_MESSAGE);
  const config = await bookingConfig(c.get("db"));
  const services = servicesParam(c.req.queries("service"), config);
  if ("error" in services) return jsonError(c, 400, services.error);
  const courtesyCar = courtesyCarParam(c.req.query("courtesyCar"));
  if (courtesyCar === null) return jsonError(c, 400, INVALID_COURTESY_CAR_MESSAGE);
  const day = await getDaySlots(c.get("db"), date, new Date(), config, services, courtesyCar);
  return c.json(day.open ? day : { ...day, reason: unavailableDayMessage(day.reason) });
});

/** GET /api/v1/availability?from=&to=[&service=]*[&courtesyCar=true] – which dates can still be requested, and how full they are. */
booking.get("/availability", async (c) => {
  const from = c.req.query("from") ?? "";
  const to = c.req.query("to") ?? "";
  if (!isCalendarDate(from) || !isCalendarDate(to)) return jsonError(c, 400, INVALID_RANGE_MESSAGE);
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_AVAILABILITY_DAYS) {
    return jsonError(c, 400, `Der Zeitraum muss 1 bis ${MAX_AVAILABILITY_DAYS} Tage umfassen (from ≤ to).`);
  }
  const config = await bookingConfig(c.get("db"));
  const services = servicesParam(c.req.queries("service"), config);
  if ("error" in services) return jsonError(c, 400, services.error);
  const courtesyCar = courtesyCarParam(c.req.query("courtesyCar"));
  if (courtesyCar === null) return jsonError(c, 400, INVALID_COURTESY_CAR_MESSAGE);
  const result = await getAvailability(c.get("db"), from, to, new Date(), config, services, courtesyCar);
  // A fully booked day says so (`full`): the picker offers its waiting list (issue 28).
  return c.json({
    from,
    to,
    days: result.map((day) =>
      day.reason
        ? { ...day, reason: unavailableDayMessage(day.reason), ...(day.reason.code === "fully-booked" ? { full: true } : {}) }
        : day,
    ),
  });
});

/** POST /api/v1/appointments – a customer's appointment request. */
booking.post("/appointments", async (c) => {
  const result = await requestAppointment(c.get("db"), jsonBody(c), {
    now: new Date(),
    clientIp: c.get("clientIp"),
    config: await bookingConfig(c.get("db")),
  });
  if (result.ok) return c.json({ id: result.value.id, status: "beantragt" }, 201);
  const status = statusOf(result.code);
  switch (result.code) {
    case "honeypot":
      return c.json({ id: crypto.randomUUID(), status: "beantragt" }, status);
    case "invalid":
    case "slot-unavailable": {
      const { error, fields } = bookingRefusal(result);
      return jsonError(c, status, error, { fields });
    }
    case "rate-limited":
      return jsonError(c, status, bookingRefusal(result).error, {}, retryAfter(result.retryAfterSeconds));
    // `code` lets a client tell a taken slot (refresh the times) from the per-address and pick-up limits.
    case "slot-taken":
    case "courtesy-car-taken":
    case "pickups-full":
    case "too-many-open":
      return c.json({ error: bookingRefusal(result).error, code: result.code }, status);
  }
});
