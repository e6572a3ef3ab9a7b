import { data } from "react-router";
import { databaseContext } from "~/context";
import { customerCalendarFile, selfServiceConfig } from "~/services/customer-appointment.server";
import type { Route } from "./+types/calendar";
import { privatePage } from "./private-page.server";

export const middleware: Route.MiddlewareFunction[] = [privatePage];

/** The confirmed appointment as an .ics file, the same entry (UID) as the confirmation's invite; else 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ics = await customerCalendarFile(context.get(databaseContext), params.token, {
    now: new Date(),
    config: await selfServiceConfig(context.get(databaseContext)),
  });
  if (ics === null) throw data(null, { status: 404 });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="termin.ics"',
    },
  });
}
