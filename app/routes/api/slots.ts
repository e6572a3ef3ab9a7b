import type { Route } from "./+types/slots";
import { databaseContext } from "~/context";
import { isCalendarDate } from "~/domain/calendar-date";
import { bookableServices } from "~/config/site";
import { jsonError } from "~/lib/http.server";
import { bookingConfigFromEnv, getDaySlots } from "~/services/booking.server";

const INVALID_DATE_MESSAGE = "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.";
export const INVALID_SERVICE_MESSAGE = "Bitte wählen Sie eine der angebotenen Leistungen aus.";

/** The optional `service` parameter: absent (one slot), a bookable service, or false for anything else. */
export function serviceParam(params: URLSearchParams): string | undefined | false {
  const service = params.get("service");
  if (service === null || service === "") return undefined;
  return bookableServices.includes(service) ? service : false;
}

/** GET /api/v1/slots?date=yyyy-MM-dd[&service=…] – the start times of one day, for a service's duration (docs/api.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const date = params.get("date") ?? "";
  if (!isCalendarDate(date)) return jsonError(400, INVALID_DATE_MESSAGE);
  const service = serviceParam(params);
  if (service === false) return jsonError(400, INVALID_SERVICE_MESSAGE);
  const day = await getDaySlots(context.get(databaseContext), date, new Date(), bookingConfigFromEnv(), service);
  return Response.json(day, { headers: { "Cache-Control": "no-store" } });
}
