import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointments, emailOutbox } from "~/db/schema";
import { zonedInstant } from "~/domain/calendar-date";
import { renderEmail } from "~/mail/templates";
import { cancelAppointment, confirmAppointment, setAppointmentProgress } from "~/services/appointment-commands.server";
import { cancelByCustomer, type SelfServiceConfig } from "~/services/customer-appointment.server";
import { queueAppointmentReminders } from "~/services/reminders.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";

/**
 * Issue 26: every e-mail the services queue about a pick-up appointment carries
 * the hand-over and the pick-up address (point 9); the confirmation and the
 * reminder carry until when the personal link cancels online (point 10).
 */
const PUBLIC_URL = "https://www.happycar.example";
const ADDRESS = "Praterstraße 1, 1020 Wien";
const DATE = "2026-12-02";
const TIME = "10:00";
const START = zonedInstant(DATE, TIME, "Europe/Vienna");
const EARLY = new Date("2026-11-23T12:00:00Z");
const CUTOFF_HOURS = 24;
/** 24 hours before 02.12.2026 10:00 in Vienna. */
const DEADLINE = "2026-12-01T09:00:00.000Z";
const config: SelfServiceConfig = {
  cancelCutoffHours: CUTOFF_HOURS,
  linkDaysAfter: 30,
  rateLimit: 0,
  rateLimitWindowSeconds: 600,
  workshopEmail: "werkstatt@happycar.example",
};

describe.each(testDatabaseKinds)("e-mails of a pick-up appointment on %s", (kind) => {
  let admin: AdminIdentity;
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    admin = await createAdminIdentity(database.db);
  });

  const pickupAppointment = (overrides: Parameters<typeof insertAppointment>[1] = {}) =>
    insertAppointment(database.db, { date: DATE, time: TIME, handover: "pickup", pickupAddress: ADDRESS, ...overrides });

  async function queued(template: string) {
    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, template));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    return { params: row.params as Record<string, unknown>, text: renderEmail(row, PUBLIC_URL).text };
  }

  function expectPickup(mail: { params: Record<string, unknown>; text: string }) {
    expect(mail.params).toMatchObject({ handover: "pickup", pickupAddress: ADDRESS });
    expect(mail.text).toContain("Übergabe: Hol- und Bringservice");
    expect(mail.text).toContain(`Abholadresse: ${ADDRESS}`);
  }

  it("the confirmation names the pick-up and until when the personal link cancels online", async () => {
    const { id } = await pickupAppointment();
    expect((await confirmAppointment(database.db, { id, admin, selfCancelCutoffHours: CUTOFF_HOURS, now: EARLY })).ok).toBe(true);
    const mail = await queued("appointment-confirmed");
    expectPickup(mail);
    expect(mail.params.selfCancelUntil).toBe(DEADLINE);
    expect(mail.text).toContain(
      "Sie können den Termin bis 01.12.2026, 10:00 Uhr über Ihren persönlichen Link absagen; danach rufen Sie uns bitte an:",
    );
  });

  it("a confirmation after the cutoff asks to phone", async () => {
    const { id } = await pickupAppointment();
    const late = new Date(START.getTime() - 2 * 3_600_000);
    await confirmAppointment(database.db, { id, admin, selfCancelCutoffHours: CUTOFF_HOURS, now: late });
    const mail = await queued("appointment-confirmed");
    expect(mail.params.selfCancelUntil).toBeUndefined();
    expect(mail.text).toContain("Falls Sie den Termin nicht wahrnehmen können, rufen Sie uns bitte unter");
  });

  it("the reminder names the pick-up and the deadline", async () => {
    await pickupAppointment({ status: "bestätigt", confirmedAt: new Date("2026-11-20T12:00:00Z") });
    const now = new Date(START.getTime() - 36 * 3_600_000);
    expect(await queueAppointmentReminders(database.db, now, { hoursBefore: 48, selfCancelCutoffHours: CUTOFF_HOURS })).toBe(1);
    const mail = await queued("appointment-reminder");
    expectPickup(mail);
    expect(mail.params.selfCancelUntil).toBe(DEADLINE);
  });

  it("the workshop's cancellation names the pick-up", async () => {
    const { id } = await pickupAppointment();
    expect((await cancelAppointment(database.db, { id, admin, reason: "Die Hebebühne ist defekt.", now: EARLY })).ok).toBe(true);
    expectPickup(await queued("appointment-cancelled"));
  });

  it("the customer's own cancellation and the workshop's notice name the pick-up", async () => {
    const { id } = await pickupAppointment({ status: "bestätigt" });
    const token = await createCustomerLink(database.db, id, EARLY);
    const result = await cancelByCustomer(database.db, { token, reason: "Ich bin krank.", now: EARLY, clientIp: "203.0.113.9", config });
    expect(result.ok).toBe(true);
    expectPickup(await queued("appointment-cancelled"));
    const notice = await queued("customer-cancelled-workshop");
    expectPickup(notice);
    expect(notice.text).toContain("Termin vom Kunden abgesagt");
  });

  it("'Abholbereit' names the pick-up", async () => {
    const { id } = await pickupAppointment({ status: "bestätigt" });
    const result = await setAppointmentProgress(database.db, { id, admin, progress: "ready", now: START });
    expect(result).toMatchObject({ ok: true, value: { emailQueued: true } });
    expectPickup(await queued("appointment-ready"));
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.progress).toBe("ready");
  });
});
