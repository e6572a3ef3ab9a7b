import type { Route } from "./+types/slots";
import { databaseContext } from "~/context";
import { isCalendarDate } from "~/domain/calendar-date";
import { jsonError } from "~/lib/http.server";
import { bookingConfigFromEnv, getDaySlots } from "~/services/booking.server";

const INVALID_DATE_MESSAGE = "Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.";

/** GET /api/v1/slots?date=yyyy-MM-dd – the slots of one day (docs/api.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const date = new URL(request.url).searchParams.get("date") ?? "";
  if (!isCalendarDate(date)) return jsonError(400, INVALID_DATE_MESSAGE);
  const day = await getDaySlots(context.get(databaseContext), date, new Date(), bookingConfigFromEnv());
  return Response.json(day, { headers: { "Cache-Control": "no-store" } });
}
