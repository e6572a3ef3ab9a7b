import { and, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { beforeEach, describe, expect, it } from "vitest";
import { type Env, parseEnv } from "~/config/env.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { appointments, customerLinks, emailOutbox, inspectionReminders, inspectionUnsubscribeTokens } from "~/db/schema";
import { hashSecretToken } from "~/lib/secret-token.server";
import { renderEmail } from "~/mail/templates";
import { composeMail } from "~/mail/transports.server";
import { createMailWorker } from "~/mail/worker.server";
import { INSPECTION_CONSENT_LABEL } from "~/schemas/booking";
import { requestAppointment as requestAppointmentResult } from "~/services/booking.server";
import {
  createReminderJob,
  queueAppointmentReminders,
  queueInspectionReminders,
  reminderConfigOf,
  unsubscribeInspectionReminders,
  unsubscribeState,
} from "~/services/reminders.server";
import { applyRetention } from "~/services/retention.server";
import { workshopFactsInForce } from "~/services/workshop-facts.server";
import { testBookingConfig } from "../support/booking-config";
import { testDatabaseKinds } from "../support/databases";
import { changeFacts, insertAppointment, setWorkshop } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { bookingView } from "../support/result-views";
const requestAppointment = async (...args: Parameters<typeof requestAppointmentResult>) =>
  bookingView(await requestAppointmentResult(...args));

const PUBLIC_URL = "https://www.happycar.example";
const HOUR = 3_600_000;
const day = { hoursBefore: 24 };

describe.each(testDatabaseKinds)("reminders on %s", (kind) => {
  const database = useTestDatabase(kind);
  /** The reminder's hours as the job reads them on a run: the facts in force under `config`. */
  const configOf = async (config: Env) => reminderConfigOf(await workshopFactsInForce(database.db, config));

  /** A confirmed appointment; its start is the Vienna wall clock (10 June 2026 08:00 CEST = 06:00Z). */
  async function confirmed(overrides: Partial<typeof appointments.$inferInsert> = {}) {
    return insertAppointment(database.db, {
      date: "2026-06-10",
      time: "08:00",
      status: "bestätigt",
      confirmedAt: new Date("2026-06-01T10:00:00Z"),
      ...overrides,
    });
  }

  const reminderRows = () =>
    database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "appointment-reminder")).orderBy(emailOutbox.createdAt);

  describe("the appointment reminder", () => {
    it("is queued at its point, once, with the subject, the personal link and the invite", async () => {
      const appointment = await confirmed();
      const job = createReminderJob({ db: database.db, config: () => day, now: () => clock });
      let clock = new Date("2026-06-09T05:59:59Z");
      await job.runOnce();
      expect(await reminderRows()).toHaveLength(0);

      clock = new Date("2026-06-09T06:00:00Z");
      await job.runOnce();
      await job.runOnce();
      const [row, ...more] = await reminderRows();
      expect(more).toHaveLength(0);
      expect(row).toMatchObject({ recipient: "anna@example.at", appointmentId: appointment.id, status: "pending" });
      const [stored] = await database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
      expect(stored!.reminderQueuedAt).toEqual(clock);

      const params = row!.params as Record<string, string>;
      const [link] = await database.db
        .select()
        .from(customerLinks)
        .where(eq(customerLinks.tokenHash, hashSecretToken(params.accessToken!)));
      expect(link!.appointmentId).toBe(appointment.id);
      const mail = renderEmail(row!, PUBLIC_URL);
      expect(mail.subject).toBe("Erinnerung: Ihr Termin bei Happy Car am 10.06.2026");
      expect(mail.text).toContain(`${PUBLIC_URL}/termin/${params.accessToken}`);
      expect(mail.text).toContain("Uhrzeit: 08:00");
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.contentType).toContain("method=REQUEST");
      // The confirmation's calendar entry: the same UID, so the calendar updates it rather than adding one.
      expect(mail.attachments[0]!.content.replace(/\r\n /g, "")).toContain(`UID:${appointment.id}@happycar.termine`);
      expect(mail.headers).toEqual({});
    });

    it("is queued exactly once by two workers running side by side, and after a restart", async () => {
      const ids = await Promise.all(Array.from({ length: 8 }, (_, index) => confirmed({ email: `kunde${index}@example.at` })));
      // Two instances: on PostgreSQL each with its own pool of connections, as two servers would have.
      const other: DatabaseHandle | undefined =
        kind === "postgres" ? await openDatabase({ kind: "postgres", url: database.url!, poolSize: 4 }) : undefined;
      try {
        let clock = new Date("2026-06-09T05:59:58Z");
        const now = () => clock;
        const first = createReminderJob({ db: database.db, config: () => day, now });
        const second = createReminderJob({ db: other?.db ?? database.db, config: () => day, now });
        const rounds: Promise<void>[] = [];
        for (let round = 0; round < 15; round++) {
          clock = new Date(clock.getTime() + 1000);
          rounds.push(
            first.runOnce(),
            second.runOnce(),
            queueAppointmentReminders(other?.db ?? database.db, now(), day).then(() => {}),
          );
          if (round % 3 === 0) await Promise.all(rounds);
        }
        await Promise.all(rounds);
        // A restart: a fresh job, the reminders already queued.
        await createReminderJob({ db: database.db, config: () => day, now }).runOnce();
        const rows = await reminderRows();
        expect(rows).toHaveLength(ids.length);
        expect(new Set(rows.map((row) => row.appointmentId))).toEqual(new Set(ids.map((row) => row.id)));
      } finally {
        await other?.close();
      }
    });

    it("is not queued for an appointment cancelled before its point", async () => {
      await confirmed({ status: "storniert", cancelledBy: "customer" });
      await queueAppointmentReminders(database.db, new Date("2026-06-09T12:00:00Z"), day);
      expect(await reminderRows()).toHaveLength(0);
    });

    it("is not queued when the appointment was confirmed after its point, nor for a request never confirmed", async () => {
      await confirmed({ confirmedAt: new Date("2026-06-09T06:00:01Z") });
      await confirmed({ status: "beantragt", confirmedAt: null });
      await queueAppointmentReminders(database.db, new Date("2026-06-09T12:00:00Z"), day);
      expect(await reminderRows()).toHaveLength(0);
    });

    it("is not queued once the appointment has begun", async () => {
      await confirmed();
      await queueAppointmentReminders(database.db, new Date("2026-06-10T06:00:00Z"), day);
      expect(await reminderRows()).toHaveLength(0);
    });

    it("follows REMINDER_HOURS_BEFORE as decimal hours (2.5)", async () => {
      const config = await configOf(parseEnv({ REMINDER_HOURS_BEFORE: "2.5" }));
      expect(config).toEqual({ hoursBefore: 2.5, selfCancelCutoffHours: 24 });
      expect(await configOf(parseEnv({}))).toEqual({ hoursBefore: 24, selfCancelCutoffHours: 24 });
      // The reminder names the personal page's cutoff (issue 26).
      expect((await configOf(parseEnv({ SELF_CANCEL_CUTOFF_HOURS: "6" }))).selfCancelCutoffHours).toBe(6);
      await confirmed();
      // 08:00 CEST is 06:00Z; 2.5 hours earlier is 03:30Z.
      await queueAppointmentReminders(database.db, new Date("2026-06-10T03:29:59Z"), config);
      expect(await reminderRows()).toHaveLength(0);
      await queueAppointmentReminders(database.db, new Date("2026-06-10T03:30:00Z"), config);
      expect(await reminderRows()).toHaveLength(1);
    });

    it("follows the hours of 'Einstellungen' from the job's next run, the variables winning where set (issue 29)", async () => {
      await confirmed();
      let clock = new Date("2026-06-10T03:29:59Z");
      // Started before the change, as the server's job is.
      const job = createReminderJob({ db: database.db, config: () => configOf(parseEnv({})), now: () => clock });
      await changeFacts(database.db, (facts) => ({ bookingRules: { ...facts.bookingRules, reminderHours: 2.5, cancelCutoffHours: 2 } }));
      expect(await configOf(parseEnv({}))).toEqual({ hoursBefore: 2.5, selfCancelCutoffHours: 2 });
      expect(await configOf(parseEnv({ REMINDER_HOURS_BEFORE: "48", SELF_CANCEL_CUTOFF_HOURS: "12" }))).toEqual({
        hoursBefore: 48,
        selfCancelCutoffHours: 12,
      });
      await job.runOnce();
      expect(await reminderRows()).toHaveLength(0);
      clock = new Date("2026-06-10T03:30:00Z");
      await job.runOnce();
      const [reminder] = await reminderRows();
      // The personal page's cutoff it names: 2 hours before 08:00 CEST (06:00Z).
      expect((reminder?.params as { selfCancelUntil?: string }).selfCancelUntil).toBe("2026-06-10T04:00:00.000Z");
    });

    it.each([
      // The clocks went forward on 29 March 2026: 08:00 on the 30th is 06:00Z, its reminder 06:00Z on the 29th.
      ["2026-03-30", "2026-03-29T06:00:00Z"],
      // The clocks went back on 25 October 2026: 08:00 on the 26th is 07:00Z, its reminder 07:00Z on the 25th.
      ["2026-10-26", "2026-10-25T07:00:00Z"],
    ])("finds the right instant for a start just after a clock change (%s 08:00)", async (date, point) => {
      await confirmed({ date, confirmedAt: new Date(`${date.slice(0, 8)}01T10:00:00Z`) });
      await queueAppointmentReminders(database.db, new Date(new Date(point).getTime() - 1000), day);
      expect(await reminderRows()).toHaveLength(0);
      await queueAppointmentReminders(database.db, new Date(point), day);
      expect(await reminderRows()).toHaveLength(1);
    });

    it("is retried like any outbox row and loses its token once sent", async () => {
      await confirmed();
      await queueAppointmentReminders(database.db, new Date("2026-06-09T06:00:10Z"), day);
      // The outbox row is due from the database's clock on.
      let clock = new Date(Date.now() + 1000);
      let calls = 0;
      const worker = createMailWorker({
        db: database.db,
        now: () => clock,
        transport: {
          name: "smtp",
          send: async () => {
            calls += 1;
            if (calls === 1) throw new Error("421 try later");
          },
        },
      });
      await worker.runOnce();
      let [row] = await reminderRows();
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "421 try later" });
      clock = new Date(clock.getTime() + HOUR);
      await worker.runOnce();
      [row] = await reminderRows();
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(row!.params).not.toHaveProperty("accessToken");
      expect(calls).toBe(2);
    });
  });

  describe("the §57a reminder", () => {
    // Several customers book the same 10:00: room for them (the test workshop has one lift).
    beforeEach(() => setWorkshop(database.db, { lift: 5, mechanic: 5 }));
    // Monday 30 November 2026, 09:00 in Vienna.
    const NOW = new Date("2026-11-30T09:00:00+01:00");
    const bookingConfig = testBookingConfig();
    const booking = {
      name: "Anna Muster",
      email: "anna@example.at",
      phone: "0664 1234567",
      service: "Ölwechsel",
      date: "2026-12-02",
      time: "10:00",
      licensePlate: "W 123 AB",
      // Due January 2024, January 2026, then every January: reminded in December.
      firstRegistration: "2021-01",
    };
    const book = (input: Record<string, unknown>) =>
      requestAppointment(database.db, input, { now: NOW, clientIp: "203.0.113.7", config: bookingConfig });
    const consents = () => database.db.select().from(inspectionReminders);
    const inspectionRows = () =>
      database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "inspection-reminder")).orderBy(emailOutbox.createdAt);

    it("stores the consent with its time and the label's words, only when ticked", async () => {
      expect((await book({ ...booking, inspectionReminder: true })).kind).toBe("created");
      expect((await book({ ...booking, email: "b@example.at", inspectionReminder: false })).kind).toBe("created");
      expect((await book({ ...booking, email: "c@example.at" })).kind).toBe("created");
      const rows = await consents();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "Anna Muster",
        email: "anna@example.at",
        licensePlate: "W 123 AB",
        firstRegistration: "2021-01",
        consentText: "An die nächste §57a-Begutachtung erinnern",
        consentedAt: NOW,
        unsubscribedAt: null,
      });
      expect(INSPECTION_CONSENT_LABEL).toBe(rows[0]!.consentText);
    });

    it("refuses the tick without a first registration with a German field error and stores nothing", async () => {
      const result = await book({ ...booking, firstRegistration: "", inspectionReminder: "on" });
      expect(result).toMatchObject({
        kind: "invalid",
        fields: { inspectionReminder: "Für die Erinnerung an die §57a-Begutachtung geben Sie bitte die Erstzulassung an." },
      });
      expect(await consents()).toHaveLength(0);
      expect(await database.db.select().from(appointments)).toHaveLength(0);
    });

    it("goes out in the month before the inspection, once across workers, with a one-click unsubscribe", async () => {
      await book({ ...booking, inspectionReminder: true });
      const other: DatabaseHandle | undefined =
        kind === "postgres" ? await openDatabase({ kind: "postgres", url: database.url!, poolSize: 4 }) : undefined;
      try {
        // November: January is not next month yet.
        await queueInspectionReminders(database.db, NOW);
        expect(await inspectionRows()).toHaveLength(0);
        // 1 December 00:00:30 in Vienna, two instances at once, several times, then a restart.
        const december = new Date("2026-12-01T00:00:30+01:00");
        await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            queueInspectionReminders(index % 2 === 0 ? database.db : (other?.db ?? database.db), december),
          ),
        );
        await createReminderJob({ db: database.db, config: () => day, now: () => new Date("2026-12-15T12:00:00+01:00") }).runOnce();
        const rows = await inspectionRows();
        expect(rows).toHaveLength(1);
      } finally {
        await other?.close();
      }
      const [row] = await inspectionRows();
      expect((await consents())[0]!.lastRemindedDueMonth).toBe("2027-01");
      const token = (row!.params as Record<string, string>).unsubscribeToken!;
      const [stored] = await database.db.select().from(inspectionUnsubscribeTokens);
      expect(stored!.tokenHash).toBe(hashSecretToken(token));

      const mail = renderEmail(row!, PUBLIC_URL);
      const url = `${PUBLIC_URL}/erinnerung/abmelden/${token}`;
      expect(mail.subject).toBe("Erinnerung an die §57a-Begutachtung: fällig im 01/2027");
      expect(mail.text).toContain("W 123 AB");
      expect(mail.text).toContain("01/2027");
      expect(mail.text).toContain(`${PUBLIC_URL}/#booking`);
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(url);
      expect(mail.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      // The headers reach the MIME message that SMTP and the .eml files send.
      const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
      const raw = ((await composer.sendMail(composeMail(row!, "Happy Car <termine@happycar.example>", PUBLIC_URL))).message as Buffer)
        .toString()
        .replace(/\r?\n[ \t]+/g, " ");
      expect(raw).toContain(`List-Unsubscribe: <${url}>`);
      expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

      // January: next month (February) is not due; December 2027 reminds of January 2028.
      await queueInspectionReminders(database.db, new Date("2027-01-05T10:00:00+01:00"));
      expect(await inspectionRows()).toHaveLength(1);
      await queueInspectionReminders(database.db, new Date("2027-12-01T08:00:00+01:00"));
      expect(await inspectionRows()).toHaveLength(2);
      expect((await consents())[0]!.lastRemindedDueMonth).toBe("2028-01");
    });

    it("stops after unsubscribing: a GET-like look changes nothing, the POST does, and once is enough", async () => {
      await book({ ...booking, inspectionReminder: true });
      await queueInspectionReminders(database.db, new Date("2026-12-01T08:00:00+01:00"));
      const token = ((await inspectionRows())[0]!.params as Record<string, string>).unsubscribeToken!;

      expect(await unsubscribeState(database.db, token)).toBe("subscribed");
      expect((await consents())[0]!.unsubscribedAt).toBeNull();
      expect(await unsubscribeState(database.db, "x".repeat(43))).toBeNull();
      expect(await unsubscribeState(database.db, "../../etc")).toBeNull();
      expect(await unsubscribeInspectionReminders(database.db, "x".repeat(43), new Date())).toBe(false);

      const when = new Date("2026-12-03T10:00:00Z");
      expect(await unsubscribeInspectionReminders(database.db, token, when)).toBe(true);
      expect(await unsubscribeInspectionReminders(database.db, token, new Date("2026-12-04T10:00:00Z"))).toBe(true);
      expect((await consents())[0]!.unsubscribedAt).toEqual(when);
      expect(await unsubscribeState(database.db, token)).toBe("unsubscribed");

      await queueInspectionReminders(database.db, new Date("2027-12-01T08:00:00+01:00"));
      expect(await inspectionRows()).toHaveLength(1);
    });

    it("deletes a withdrawn consent and anonymises its e-mails 12 months on; an active one stays", async () => {
      await book({ ...booking, inspectionReminder: true });
      await book({ ...booking, email: "b@example.at", inspectionReminder: true });
      await queueInspectionReminders(database.db, new Date("2026-12-01T08:00:00+01:00"));
      const rows = await inspectionRows();
      const token = (rows.find((row) => row.recipient === "anna@example.at")!.params as Record<string, string>).unsubscribeToken!;
      await unsubscribeInspectionReminders(database.db, token, new Date("2026-12-03T10:00:00Z"));

      await applyRetention(database.db, { now: new Date("2027-12-03T09:00:00Z") });
      expect(await consents()).toHaveLength(2);
      const result = await applyRetention(database.db, { now: new Date("2027-12-03T11:00:00Z") });
      expect(result.withdrawnConsentsDeleted).toBe(1);
      expect((await consents()).map((row) => row.email)).toEqual(["b@example.at"]);
      expect(
        await database.db
          .select()
          .from(inspectionUnsubscribeTokens)
          .where(eq(inspectionUnsubscribeTokens.tokenHash, hashSecretToken(token))),
      ).toEqual([]);
      const remaining = await database.db
        .select({ recipient: emailOutbox.recipient, params: emailOutbox.params })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, "inspection-reminder"), sql`${emailOutbox.recipient} <> '[gelöscht]'`));
      expect(remaining).toEqual([]);
    });
  });
});
