import type { Route } from "./+types/availability";
import { daysBetween, isCalendarDate } from "~/domain/calendar-date";
import { databaseContext } from "~/context";
import { jsonError } from "~/lib/http.server";
import { bookingConfigFromEnv, getAvailability, MAX_AVAILABILITY_DAYS } from "~/services/booking.server";

/** GET /api/v1/availability?from=&to= – which dates can still be requested (docs/api.md). */
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
  const result = await getAvailability(context.get(databaseContext), from, to, new Date(), bookingConfigFromEnv());
  return Response.json({ from, to, days: result }, { headers: { "Cache-Control": "no-store" } });
}
