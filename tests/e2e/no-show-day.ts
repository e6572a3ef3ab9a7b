/**
 * A confirmed appointment of yesterday (Vienna) whose car never came, entered by seed.ts before the e2e server
 * starts (customers cannot book the past): waitlist.spec.ts marks it 'Nicht erschienen' on the board (issue 28).
 */
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import { appointments } from "~/db/schema";
import { addDays, zonedParts } from "~/domain/calendar-date";

export const NO_SHOW_CUSTOMER = { name: "Nie Gekommen", email: "nie.gekommen@example.at", phone: "0660 9090901" };

export async function seedNoShowAppointment(db: Database): Promise<void> {
  const yesterday = addDays(zonedParts(new Date(), site.timeZone).date, -1);
  await db.insert(appointments).values({ ...NO_SHOW_CUSTOMER, date: yesterday, time: "08:00", service: "Ölwechsel", status: "bestätigt" });
}
