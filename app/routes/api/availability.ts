import type { Route } from "./+types/availability";
import { daysBetween, isCalendarDate } from "~/domain/calendar-date";
import { databaseContext } from "~/context";
import { jsonError } from "~/lib/http.server";
import { INVALID_SERVICE_MESSAGE, serviceParam } from "./slots";
import { bookingConfigFromEnv, getAvailability, MAX_AVAILABILITY_DAYS } from "~/services/booking.server";

/** GET /api/v1/availability?from=&to=[&service=] – which dates can still be requested, and how full they are (docs/api.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (!isCalendarDate(from) || !isCalendarDate(to)) {
    return jsonError(400, "Bitte geben Sie from und to als gültige Daten im Format JJJJ-MM-TT an.");
  }
  const days = daysBetween(from, to) + 1;
  if (days < 1 || days > MAX_AVAILABILITY_DAYS) {
    return jsonError(400, `Der Zeitraum muss 1 bis ${MAX_AVAILABILITY_DAYS} Tage umfassen (from ≤ to).`);
  }
  const service = serviceParam(params);
  if (service === false) return jsonError(400, INVALID_SERVICE_MESSAGE);
  const result = await getAvailability(context.get(databaseContext), from, to, new Date(), bookingConfigFromEnv(), service);
  return Response.json({ from, to, days: result }, { headers: { "Cache-Control": "no-store" } });
}
