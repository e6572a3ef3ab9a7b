import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { BookingSection } from "~/components/booking/booking-section";
import type { Weekday } from "~/config/site";
import { adminContext } from "~/context";
import { appointmentResources, appointments, emailOutbox, resources } from "~/db/schema";
import { addDays, weekday, zonedInstant, zonedParts } from "~/domain/calendar-date";
import { bookingWindow, slotRulesOf } from "~/domain/slots";
import { visitFactsOf, type WeekHours, type WorkshopFacts } from "~/domain/workshop";
import { action as newAppointmentAction, loader as newAppointmentLoader } from "~/routes/admin/new-appointment";
import { loader as bookingLoader } from "~/routes/booking";
import { missingKinds, resourceChoices } from "~/services/appointment-holds.server";
import { importAppointments } from "~/services/appointment-import.server";
import { appointmentDetails } from "~/services/appointment-queries.server";
import { plannerWeek } from "~/services/planner.server";
import { publicWorkshopFacts } from "~/services/public-facts.server";
import { changeWorkshopFacts, readWorkshopFacts, workshopFacts } from "~/services/workshop-facts.server";
import { bookingFormProps, bookingRequest } from "../support/booking-config";
import { type DatabaseKind, testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf, setWorkshop, weekdayAhead } from "../support/factories";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";
import { postBookingForm, routeArgs } from "../support/route-args";

/**
 * Issue 29 (part 2): the facts the owner keeps on 'Einstellungen' reach the rules that still read
 * app/config/site.ts: the time lists of the forms without JavaScript, the waiting list's 'does the
 * freed time fit', confirming, 'Zuordnung ändern', the planner's missing kinds, the import's
 * durations, the pick-ups per day and the waiting list's API. The owner's facts here: Monday to
 * Friday 08:00–18:00 with a lunch break 12:00–13:00, Saturday 09:00–12:00, the §57a 90 minutes and
 * 'Klimaservice' (60 minutes, a mechanic only); app/config/site.ts knows neither.
 */

const LUNCH = { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" };
const INSPECTION = "§57a Überprüfung";
const KLIMA = "Klimaservice";

const MORNING = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"];
const AFTERNOON = ["13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00"];
/** One slot on any of these days: no start in the break (Saturday closes at 12:00). */
const ONE_SLOT = [...MORNING, ...AFTERNOON];
/** 90 minutes: none running into the break or past 18:00. */
const NINETY_MINUTES = [...MORNING.slice(0, 6), ...AFTERNOON.slice(0, 8)];

function suite(kind: DatabaseKind) {
  const database = useTestDatabase(kind);
  const api = useApiApp(database);
  useEnv({ BOOKING_RATE_LIMIT: "0", BOOKING_DAILY_LIMIT: "0", WORKSHOP_EMAIL: "werkstatt@happycar.example" });
  let owner: AdminIdentity;
  const day = weekdayAhead(3);

  /** The owner's change on 'Einstellungen', on top of the facts as stored. */
  async function changeFacts(change: (facts: WorkshopFacts) => Parameters<typeof changeWorkshopFacts>[1]["change"]) {
    const { facts } = await readWorkshopFacts(database.db);
    const saved = await changeWorkshopFacts(database.db, { admin: owner, change: change(facts), config: {}, now: new Date() });
    if (!saved.ok) throw new Error(saved.code);
  }

  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "chefin@happycar.example", role: "owner" });
    await changeFacts((facts) => {
      const hours: WeekHours = { ...facts.hours, 6: { open: "09:00", close: "12:00", breakFrom: null, breakTo: null } };
      for (const weekdayNumber of [1, 2, 3, 4, 5] as Weekday[]) hours[weekdayNumber] = LUNCH;
      const services = [
        ...facts.services.map((service) => ({
          ...service,
          needs: [...service.needs],
          durationSteps: service.name === INSPECTION ? 3 : service.durationSteps,
        })),
        {
          name: KLIMA,
          description: "Klimaanlage prüfen und befüllen.",
          durationSteps: 2,
          combinedSteps: null,
          bookable: true,
          needs: ["mechanic" as const],
          priceFrom: null,
          retired: false,
        },
      ];
      return { hours, services };
    });
  });

  describe("the time lists of the forms without JavaScript", () => {
    it("/termin-anfragen lists the start times the facts' hours allow for the service asked for, on the day asked for", async () => {
      const load = async (query = "") =>
        (await bookingLoader((await routeArgs(new Request(`http://127.0.0.1/termin-anfragen${query}`), { db: database.db })) as never))
          .times;
      expect(await load()).toEqual(ONE_SLOT);
      expect(await load(`?datum=${day}&leistung=${encodeURIComponent(INSPECTION)}`)).toEqual(NINETY_MINUTES);
      expect(await load(`?datum=${day}&leistung=${KLIMA}`)).toEqual([...MORNING.slice(0, 7), ...AFTERNOON.slice(0, 9)]);
    });

    it("a refused plain post answers the form with the times of its services and day; the refusal stays the server's", async () => {
      const fields = { "booking-service": INSPECTION, "booking-date": day, "booking-time": "11:00" };
      const answer = (await postBookingForm(database.db, fields)) as unknown as {
        data: { fields: Record<string, string>; times: string[] };
        init: { status: number };
      };
      expect(answer.init.status).toBe(400);
      expect(answer.data.fields.time).toContain("Mittagspause (12:00–13:00 Uhr)");
      expect(answer.data.times).toEqual(NINETY_MINUTES);
    });

    it("the home page's island lists them before anything is chosen, and its day picker's window is the facts' horizon", async () => {
      await changeFacts((facts) => ({ bookingRules: { ...facts.bookingRules, horizonDays: 30 } }));
      const { facts } = await publicWorkshopFacts(database.db);
      expect(facts.bookingTimes).toEqual(ONE_SLOT);
      const html = renderToStaticMarkup(createElement(BookingSection, bookingFormProps(facts)));
      expect(html).toContain('<option value="11:30">11:30 Uhr</option>');
      expect(html).not.toContain('<option value="12:00">');
      expect(html).toContain(`max="${bookingWindow(new Date(), slotRulesOf(facts)).lastDate}"`);
      expect(bookingWindow(new Date(), slotRulesOf(facts)).lastDate).toBe(addDays(zonedParts(new Date(), "Europe/Vienna").date, 30));
    });

    it("'Termin eintragen' lists the day's times for the shortest service; after a refusal, those of the posted visit (the break's too when it may be overridden)", async () => {
      const staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", role: "staff" });
      const args = async (request: Request) => {
        const routeArguments = await routeArgs(request, { db: database.db });
        routeArguments.context.set(adminContext, staff);
        return routeArguments as never;
      };
      const loaded = await newAppointmentLoader(await args(new Request(`http://127.0.0.1/admin/termine/neu?datum=${day}&zeit=12:00`)));
      expect(loaded).toMatchObject({ date: day, time: "", times: ONE_SLOT });
      const post = async (time: string) => {
        const body = new URLSearchParams({
          name: "Karl Anrufer",
          phone: "0664 7654321",
          service: INSPECTION,
          date: day,
          time,
          status: "bestätigt",
          source: "phone",
          intent: "enter",
        });
        const request = new Request("http://127.0.0.1/admin/termine/neu", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
        return (await newAppointmentAction(await args(request))) as unknown as { data: { canOverride: boolean; times: string[] } };
      };
      // Into the break: 'Trotzdem eintragen' may place it there, so the list has the break's times.
      expect((await post("11:00")).data).toMatchObject({
        canOverride: true,
        times: [...MORNING, "12:00", "12:30", ...AFTERNOON.slice(0, 8)],
      });
      // Past closing: no override, the facts' times for 90 minutes.
      expect((await post("17:00")).data).toMatchObject({ canOverride: false, times: NINETY_MINUTES });
    });
  });

  it("the waiting list: a time freed in the lunch break fits no waiting customer; one freed in the hours does", async () => {
    const date = weekdayAhead(10);
    const [mechanic] = await setWorkshop(database.db, { lift: 1, inspection: 1, mechanic: 1 }).then((set) =>
      set.filter((resource) => resource.kind === "mechanic"),
    );
    /** An appointment holding the mechanic from `from` to `to` on the day. */
    const holding = async (from: string, to: string, email: string) => {
      const row = await insertAppointment(database.db, { status: "bestätigt", date, time: from === "00:00" ? "08:00" : from, email });
      await database.db.insert(appointmentResources).values({
        appointmentId: row.id,
        resourceId: mechanic!.id,
        startsAt: zonedInstant(date, from, "Europe/Vienna"),
        endsAt: to === "24:00" ? zonedInstant(addDays(date, 1), "00:00", "Europe/Vienna") : zonedInstant(date, to, "Europe/Vienna"),
      });
      return row;
    };
    const morning = await holding("00:00", "12:00", "morgen@example.at");
    const lunch = await holding("12:00", "13:00", "mittag@example.at");
    await holding("13:00", "24:00", "nachmittag@example.at");
    const joined = await api.request("/api/v1/waitlist", {
      json: { name: "Wanda Warte", email: "wanda@example.at", phone: "0660 7654321", date, service: "Ölwechsel" },
    });
    expect(joined.status).toBe(201);
    const told = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "waitlist-slot-free"));

    const now = new Date();
    expect(await boardCommands.cancelAppointment(database.db, { id: lunch.id, admin: owner, reason: "Abgesagt", now })).toMatchObject({
      ok: true,
    });
    expect(await told()).toHaveLength(0);
    await boardCommands.cancelAppointment(database.db, { id: morning.id, admin: owner, reason: "Abgesagt", now });
    expect((await told()).map((mail) => mail.recipient)).toEqual(["wanda@example.at"]);
  });

  it("POST /api/v1/waitlist reads the facts' hours: a weekday they close is no day to wait for", async () => {
    await changeFacts((facts) => ({ hours: { ...facts.hours, [weekday(day)]: null } }));
    const response = await api.request("/api/v1/waitlist", {
      json: { name: "Wanda Warte", email: "wanda@example.at", phone: "0660 7654321", date: day, service: "Ölwechsel" },
    });
    expect(response.status).toBe(400);
  });

  it("the pick-ups a day are the facts' (here 1): the second pick-up of the day is refused", async () => {
    await changeFacts((facts) => ({ bookingRules: { ...facts.bookingRules, pickupsPerDay: 1 } }));
    const pickup = (time: string) =>
      api.request("/api/v1/appointments", {
        json: bookingRequest(day, { time, handover: "pickup", pickupAddress: "Praterstraße 1, 1020 Wien" }),
      });
    expect((await pickup("08:00")).status).toBe(201);
    const refused = await pickup("09:00");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "pickups-full" });
  });

  describe("what an appointment holds, by the facts' needs ('Klimaservice': a mechanic only)", () => {
    /** The kinds of resource the appointment holds now. */
    const heldKinds = async (id: string) =>
      (
        await database.db
          .select({ kind: resources.kind })
          .from(appointmentResources)
          .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
          .where(and(eq(appointmentResources.appointmentId, id), eq(appointmentResources.active, true)))
      )
        .map((row) => row.kind)
        .sort();

    it("confirming a request that holds nothing places it on what its service needs", async () => {
      await setWorkshop(database.db, { lift: 1, inspection: 1, mechanic: 1 });
      const request = await insertAppointment(database.db, { date: day, time: "09:00", service: KLIMA, durationMinutes: 60 });
      expect(await boardCommands.confirmAppointment(database.db, { id: request.id, admin: owner, now: new Date() })).toMatchObject({
        ok: true,
      });
      expect(await heldKinds(request.id)).toEqual(["mechanic"]);
    });

    it("'Zuordnung ändern', its choices, the board's and the planner's missing kinds follow the facts' needs", async () => {
      const set = await setWorkshop(database.db, { lift: 1, inspection: 1, mechanic: 2 });
      const [first, second] = set.filter((resource) => resource.kind === "mechanic");
      const request = await insertAppointment(database.db, { date: day, time: "09:00", service: KLIMA, durationMinutes: 60 });
      await boardCommands.confirmAppointment(database.db, { id: request.id, admin: owner, now: new Date() });
      const workshop = visitFactsOf(await workshopFacts(database.db));
      const shown = (await appointmentDetails(database.db, request.id))!.appointment!;
      expect((await resourceChoices(database.db, shown, workshop)).map((choice) => choice.kind)).toEqual(["mechanic"]);
      expect(missingKinds(shown, shown.resources, workshop)).toEqual([]);
      const week = await plannerWeek(database.db, day, day, workshop);
      expect(week.appointments.map((appointment) => appointment.missing)).toEqual([[]]);

      const heldNow = shown.resources[0]!.id;
      const other = heldNow === first!.id ? second! : first!;
      const staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", role: "staff" });
      const moved = await api.request(`/api/v1/admin/appointments/${request.id}/resources`, {
        method: "PATCH",
        cookie: await sessionCookieOf(database.db, staff.id),
        json: { resourceIds: [other.id] },
      });
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({ changed: true, resources: [{ id: other.id, kind: "mechanic" }] });
      expect(await heldKinds(request.id)).toEqual(["mechanic"]);
    });
  });

  it("an imported row without a duration lasts as long as its service takes by the facts", async () => {
    const row = (id: string, service: string) => ({
      id,
      name: "Alt Kunde",
      email: "alt@example.at",
      phone: "0660 1112233",
      date: day,
      time: "09:00",
      service,
      status: "storniert",
    });
    const report = await importAppointments(database.db, [row("imp-1", INSPECTION), row("imp-2", KLIMA), row("imp-3", "Vergaser")], {});
    expect(report).toMatchObject({ imported: 3, rejected: [] });
    const stored = await database.db
      .select({ service: appointments.service, durationMinutes: appointments.durationMinutes })
      .from(appointments);
    expect(Object.fromEntries(stored.map((entry) => [entry.service, entry.durationMinutes]))).toEqual({
      [INSPECTION]: 90,
      [KLIMA]: 60,
      Vergaser: 30,
    });
  });
}

describe.each(testDatabaseKinds)("the facts reach every rule on %s (issue 29)", suite);
