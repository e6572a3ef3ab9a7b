import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { parseEnv } from "~/config/env.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { resultRows } from "~/db/result-rows";
import { appointments, auditLog, customerLinks, emailOutbox, rateLimits } from "~/db/schema";
import { zonedInstant } from "~/domain/calendar-date";
import { hashSecretToken } from "~/lib/secret-token.server";
import { renderEmail } from "~/mail/templates";
import { markEmailDone } from "~/mail/worker.server";
import {
  cancelByCustomer as cancelByCustomerResult,
  customerCalendarFile,
  findCustomerAppointment,
  type SelfServiceConfig,
  selfServiceConfig,
} from "~/services/customer-appointment.server";
import { testDatabaseKinds } from "../support/databases";
import { changeFacts, createAdminIdentity, insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { boardCommands, cancelView } from "../support/result-views";
const cancelByCustomer = async (...args: Parameters<typeof cancelByCustomerResult>) => cancelView(await cancelByCustomerResult(...args));

const { cancelAppointment, confirmAppointment } = boardCommands;

/**
 * Issue 16, the customer's side: the personal link (hashed, expiring), the page
 * that only reads, and 'Termin absagen' with its cutoff, e-mails, audit entry
 * and rate limits. The clock is passed in: the cutoff is tested to the second.
 */
const config: SelfServiceConfig = {
  cancelCutoffHours: 24,
  linkDaysAfter: 30,
  rateLimit: 0,
  rateLimitWindowSeconds: 600,
  workshopEmail: "werkstatt@happycar.example",
};
const DATE = "2026-12-02";
const TIME = "10:00";
const START = zonedInstant(DATE, TIME, "Europe/Vienna");
const EARLY = new Date("2026-11-23T12:00:00Z");

describe.each(testDatabaseKinds)("the customer's page on %s", (kind) => {
  let admin: AdminIdentity;
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    admin = await createAdminIdentity(database.db);
  });

  async function appointmentWithLink(overrides: Parameters<typeof insertAppointment>[1] = {}) {
    const appointment = await insertAppointment(database.db, {
      date: DATE,
      time: TIME,
      licensePlate: "W 123 AB",
      internalNote: "Nur intern: zahlt bar",
      ...overrides,
    });
    const token = await createCustomerLink(database.db, appointment.id, EARLY);
    return { appointment, token };
  }

  async function tableSnapshot() {
    const rows = resultRows<{ row: string }>(
      await database.db.execute(sql`
        select 'a' || (a.*)::text as row from appointments a union all select 'o' || (o.*)::text from email_outbox o
        union all select 'l' || (l.*)::text from audit_log l union all select 'c' || (c.*)::text from customer_links c`),
    );
    return rows.map((row) => row.row).sort();
  }

  it("stores only the token's hash; the token opens the appointment, nothing else does", async () => {
    const { appointment, token } = await appointmentWithLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await database.db.select().from(customerLinks);
    expect(stored).toEqual([expect.objectContaining({ tokenHash: hashSecretToken(token), appointmentId: appointment.id })]);
    expect(JSON.stringify(await tableSnapshot())).not.toContain(token);

    const found = await findCustomerAppointment(database.db, token, { now: EARLY, config });
    expect(found).toMatchObject({ id: appointment.id, status: "beantragt", date: DATE, time: TIME, licensePlate: "W 123 AB" });
    // The workshop's internal note never reaches the customer's page.
    expect(JSON.stringify(found)).not.toContain("Nur intern");
    expect(await findCustomerAppointment(database.db, hashSecretToken(token), { now: EARLY, config })).toBeNull();
    expect(await findCustomerAppointment(database.db, `${token.slice(0, 42)}x`, { now: EARLY, config })).toBeNull();
    expect(await findCustomerAppointment(database.db, "", { now: EARLY, config })).toBeNull();
  });

  it("works until the 30th day after the appointment (Vienna calendar), not a day longer", async () => {
    const { token } = await appointmentWithLink();
    // 2 December + 30 days = 1 January: usable until 23:59 that day in Vienna (22:59 UTC), not at midnight.
    expect(await findCustomerAppointment(database.db, token, { now: new Date("2027-01-01T22:59:00Z"), config })).not.toBeNull();
    expect(await findCustomerAppointment(database.db, token, { now: new Date("2027-01-01T23:00:00Z"), config })).toBeNull();
  });

  it("opening the page changes nothing, however often (mail scanners follow links)", async () => {
    const { token } = await appointmentWithLink();
    const before = await tableSnapshot();
    for (let n = 0; n < 3; n++) {
      await findCustomerAppointment(database.db, token, { now: EARLY, config });
      await customerCalendarFile(database.db, token, { now: EARLY, config });
    }
    expect(await tableSnapshot()).toEqual(before);
  });

  it("cancels: storniert with the customer's reason, audit entry, both e-mails, and the slot is free again", async () => {
    const { appointment, token } = await appointmentWithLink();
    await confirmAppointment(database.db, { id: appointment.id, admin, now: EARLY });
    const result = await cancelByCustomer(database.db, {
      token,
      reason: "  Ich bin krank.\u0000 ",
      now: EARLY,
      clientIp: "203.0.113.7",
      config,
    });
    expect(result).toMatchObject({ kind: "cancelled", appointment: { status: "storniert", cancelledBy: "customer" } });

    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ status: "storniert", cancelledBy: "customer", cancellationReason: "Ich bin krank." });
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.action, "cancel"));
    expect(trail).toEqual([
      expect.objectContaining({
        appointmentId: appointment.id,
        adminUserId: null,
        actor: "Kunde (persönlicher Link)",
        oldStatus: "bestätigt",
        newStatus: "storniert",
        reason: "Ich bin krank.",
      }),
    ]);

    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.template} <> 'appointment-confirmed'`);
    expect(mails.map((mail) => [mail.template, mail.recipient]).sort()).toEqual([
      ["appointment-cancelled", "anna@example.at"],
      ["customer-cancelled-workshop", "werkstatt@happycar.example"],
    ]);
    const customerMail = mails.find((mail) => mail.template === "appointment-cancelled")!;
    expect(customerMail.params).toMatchObject({ cancelledBy: "customer", wasConfirmed: "true", reason: "Ich bin krank." });
    const rendered = renderEmail({ ...customerMail, params: customerMail.params }, "https://www.happycar.example");
    expect(rendered.text).toContain("Sie haben Ihren Termin bei Happy Car abgesagt:");
    expect(rendered.text).toMatch(/https:\/\/www\.happycar\.example\/termin\/[A-Za-z0-9_-]{43}/);
    // The confirmed entry leaves the customer's calendar: CANCEL with the confirmation's UID.
    expect(rendered.attachments[0]!.content).toContain("METHOD:CANCEL");
    expect(rendered.attachments[0]!.content).toContain(`UID:${appointment.id}@happycar.termine`);
    const workshopMail = mails.find((mail) => mail.template === "customer-cancelled-workshop")!;
    const workshopText = renderEmail(workshopMail, "https://www.happycar.example").text;
    expect(workshopText).toContain("Ein Kunde hat seinen Termin über die persönliche Terminseite abgesagt.");
    expect(workshopText).toContain("Kennzeichen: W 123 AB");
    expect(workshopText).toContain(`/admin/termine/${appointment.id}`);

    // The slot holds another appointment again, and the page shows the cancellation.
    const page = await findCustomerAppointment(database.db, token, { now: EARLY, config });
    expect(page).toMatchObject({ status: "storniert", cancellationReason: "Ich bin krank.", cancellation: { allowed: false } });
    const second = await cancelByCustomer(database.db, { token, reason: "", now: EARLY, clientIp: "203.0.113.7", config });
    expect(second.kind).toBe("already-cancelled");
  });

  it("a request without a reason: no reason stored, the e-mails say none, no calendar to withdraw", async () => {
    const { appointment, token } = await appointmentWithLink();
    expect((await cancelByCustomer(database.db, { token, reason: "   ", now: EARLY, clientIp: "198.51.100.1", config })).kind).toBe(
      "cancelled",
    );
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.cancellationReason).toBeNull();
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "appointment-cancelled"));
    const rendered = renderEmail(mail!, "https://www.happycar.example");
    expect(rendered.text).not.toContain("Grund:");
    expect(rendered.attachments).toEqual([]);
  });

  it("refuses after the cutoff, to the second, and changes nothing; SELF_CANCEL_CUTOFF_HOURS may be decimal", async () => {
    const { token } = await appointmentWithLink({ status: "bestätigt" });
    const lastMoment = new Date(START.getTime() - 24 * 3_600_000);
    const before = await tableSnapshot();
    const tooLate = await cancelByCustomer(database.db, {
      token,
      reason: "",
      now: new Date(lastMoment.getTime() + 1000),
      clientIp: "198.51.100.2",
      config,
    });
    expect(tooLate).toMatchObject({ kind: "too-late", appointment: { cancellation: { allowed: false, reason: "too-late" } } });
    expect(await tableSnapshot()).toEqual(before);

    const shortCutoff = { ...config, cancelCutoffHours: 2.5 };
    const stillInTime = new Date(START.getTime() - 2.5 * 3_600_000);
    expect(
      (await cancelByCustomer(database.db, { token, reason: "", now: stillInTime, clientIp: "198.51.100.2", config: shortCutoff })).kind,
    ).toBe("cancelled");
  });

  it("the cutoff and the workshop's address are those of 'Einstellungen' at the moment of use, the variables winning where set (issue 29)", async () => {
    await changeFacts(database.db, (facts) => ({
      bookingRules: { ...facts.bookingRules, cancelCutoffHours: 2.5 },
      email: { ...facts.email, noticeAddress: "kfz@brenner.example" },
    }));
    const fromFacts = await selfServiceConfig(database.db, parseEnv({}));
    expect(fromFacts).toMatchObject({ cancelCutoffHours: 2.5, workshopEmail: "kfz@brenner.example" });
    expect(
      await selfServiceConfig(database.db, parseEnv({ SELF_CANCEL_CUTOFF_HOURS: "6", WORKSHOP_EMAIL: "werkstatt@env.example" })),
    ).toMatchObject({ cancelCutoffHours: 6, workshopEmail: "werkstatt@env.example" });

    const { token } = await appointmentWithLink({ status: "bestätigt" });
    const stillInTime = new Date(START.getTime() - 2.5 * 3_600_000);
    const cancelled = await cancelByCustomer(database.db, {
      token,
      reason: "",
      now: stillInTime,
      clientIp: "198.51.100.2",
      config: fromFacts,
    });
    expect(cancelled.kind).toBe("cancelled");
    const [notice] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "customer-cancelled-workshop"));
    expect(notice?.recipient).toBe("kfz@brenner.example");
  });

  it("refuses a reason over 500 characters and stores nothing", async () => {
    const { token } = await appointmentWithLink();
    const before = await tableSnapshot();
    const result = await cancelByCustomer(database.db, { token, reason: "x".repeat(501), now: EARLY, clientIp: "198.51.100.3", config });
    expect(result.kind).toBe("reason-too-long");
    expect(await tableSnapshot()).toEqual(before);
  });

  it("an unknown or expired link cancels nothing", async () => {
    const { token } = await appointmentWithLink();
    const before = await tableSnapshot();
    const unknown = await cancelByCustomer(database.db, {
      token: "A".repeat(43),
      reason: "",
      now: EARLY,
      clientIp: "198.51.100.4",
      config,
    });
    expect(unknown).toEqual({ kind: "not-found" });
    const expired = await cancelByCustomer(database.db, {
      token,
      reason: "",
      now: new Date("2027-02-01T00:00:00Z"),
      clientIp: "198.51.100.4",
      config,
    });
    expect(expired).toEqual({ kind: "not-found" });
    expect(await tableSnapshot()).toEqual(before);
  });

  it("limits cancel requests per link and per client IP", async () => {
    const limited = { ...config, rateLimit: 2 };
    const { token } = await appointmentWithLink();
    const other = await appointmentWithLink({ time: "11:00" });
    const attempt = (linkToken: string, clientIp: string) =>
      cancelByCustomer(database.db, { token: linkToken, reason: "x".repeat(501), now: EARLY, clientIp, config: limited });
    // Per link: a third try from yet another address is refused.
    expect((await attempt(token, "192.0.2.1")).kind).toBe("reason-too-long");
    expect((await attempt(token, "192.0.2.2")).kind).toBe("reason-too-long");
    expect(await attempt(token, "192.0.2.3")).toMatchObject({ kind: "rate-limited" });
    // Per IP: one address trying many links.
    expect((await attempt(other.token, "192.0.2.9")).kind).toBe("reason-too-long");
    expect((await attempt("B".repeat(43), "192.0.2.9")).kind).toBe("not-found");
    expect(await attempt("C".repeat(43), "192.0.2.9")).toMatchObject({ kind: "rate-limited" });
    expect((await database.db.select().from(rateLimits)).length).toBeGreaterThan(0);
  });

  it("every customer e-mail of the workshop carries a link of its own that opens the same appointment", async () => {
    const first = await insertAppointment(database.db, { date: DATE, time: TIME });
    const second = await insertAppointment(database.db, { date: DATE, time: "11:00" });
    await confirmAppointment(database.db, { id: first.id, admin, now: EARLY });
    await cancelAppointment(database.db, { id: second.id, admin, reason: "Hebebühne defekt", now: EARLY });
    const mails = await database.db.select().from(emailOutbox);
    for (const mail of mails) {
      const token = mail.params.accessToken!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await findCustomerAppointment(database.db, token, { now: EARLY, config }))?.id).toBe(mail.appointmentId);
      expect(renderEmail(mail, "https://www.happycar.example").text).toContain(`https://www.happycar.example/termin/${token}`);
    }
    const [confirmed] = await database.db.select().from(appointments).where(eq(appointments.id, first.id));
    expect(confirmed!.confirmedAt).toEqual(EARLY);
  });

  it("the token leaves the outbox once its e-mail is sent", async () => {
    const { appointment } = await appointmentWithLink();
    await confirmAppointment(database.db, { id: appointment.id, admin, now: EARLY });
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail!.params.accessToken).toBeDefined();
    await markEmailDone(database.db, mail!.id, EARLY);
    const [sent] = await database.db.select().from(emailOutbox);
    expect(sent!.status).toBe("sent");
    expect(sent!.params).not.toHaveProperty("accessToken");
    expect(sent!.params).toMatchObject({ name: "Anna Muster", date: DATE });
  });

  it("shows the car's progress of a confirmed appointment, none once it is cancelled", async () => {
    const { appointment, token } = await appointmentWithLink({ status: "bestätigt", progress: "ready", progressAt: EARLY });
    expect((await findCustomerAppointment(database.db, token, { now: EARLY, config }))?.progress).toBe("ready");
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, appointment.id));
    expect((await findCustomerAppointment(database.db, token, { now: EARLY, config }))?.progress).toBeNull();
  });

  it("the calendar file: a confirmed appointment's invite with the confirmation's UID, nothing for others", async () => {
    const { appointment, token } = await appointmentWithLink();
    expect(await customerCalendarFile(database.db, token, { now: EARLY, config })).toBeNull();
    await confirmAppointment(database.db, { id: appointment.id, admin, now: EARLY });
    const ics = await customerCalendarFile(database.db, token, { now: EARLY, config });
    expect(ics).toContain(`UID:${appointment.id}@happycar.termine`);
    expect(ics).toContain("DTSTART;TZID=Europe/Vienna:20261202T100000");
    expect(ics).toContain("BEGIN:VTIMEZONE");
  });
});
