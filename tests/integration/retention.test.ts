import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "~/db/result-rows";
import { appointments, auditLog, contactMessages, emailOutbox, rateLimits } from "~/db/schema";
import { enqueueEmail } from "~/mail/outbox.server";
import { applyRetention, startRetentionJob } from "~/services/retention.server";
import { testDatabaseKinds } from "../support/databases";
import { insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";

const person = { name: "Anna Muster", email: "anna@example.at", phone: "0664 1234567", service: "Wartung", time: "08:00" };

describe.each(testDatabaseKinds)("data retention on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function appointment(date: string, status: "beantragt" | "bestätigt" | "storniert") {
    const row = await insertAppointment(database.db, { ...person, date, status });
    await enqueueEmail(database.db, {
      recipient: person.email,
      template: "booking-received-customer",
      params: { name: person.name, email: person.email, phone: person.phone, date, time: person.time, service: person.service },
      appointmentId: row!.id,
    });
    await database.db.insert(auditLog).values({
      appointmentId: row!.id,
      actor: "admin",
      action: "cancel",
      oldStatus: "beantragt",
      newStatus: "storniert",
      reason: "Frau Muster hat angerufen",
    });
    return row!.id;
  }

  async function remainingAppointments(): Promise<string[]> {
    const rows = await database.db.select({ date: appointments.date, status: appointments.status }).from(appointments);
    return rows.map((row) => `${row.date} ${row.status}`).sort();
  }

  // 10:00 in Vienna on 1 June 2026 (CEST).
  const now = new Date("2026-06-01T08:00:00Z");

  it("deletes unconfirmed and cancelled requests 30 days after their date, confirmed ones after 12 months", async () => {
    await appointment("2026-05-01", "beantragt"); // 31 days ago: due
    await appointment("2026-05-02", "beantragt"); // 30 days ago: kept one more day
    await appointment("2026-04-15", "storniert"); // due
    await appointment("2026-04-15", "bestätigt"); // confirmed: kept
    await appointment("2025-05-31", "bestätigt"); // 12 months and a day: due
    await appointment("2025-06-01", "bestätigt"); // exactly 12 months: kept
    await appointment("2026-07-01", "beantragt"); // future: kept

    const result = await applyRetention(database.db, { now });

    expect(result.appointmentsDeleted).toBe(3);
    expect(await remainingAppointments()).toEqual([
      "2025-06-01 bestätigt",
      "2026-04-15 bestätigt",
      "2026-05-02 beantragt",
      "2026-07-01 beantragt",
    ]);
    // One day later the request of 2 May is due as well.
    await applyRetention(database.db, { now: new Date("2026-06-02T08:00:00Z") });
    expect(await remainingAppointments()).not.toContain("2026-05-02 beantragt");
  });

  it("deletes the car and the pick-up address with the appointment, also from the workshop's e-mail", async () => {
    const car = {
      licensePlate: "W 123-AB",
      licensePlateNormalized: "W123AB",
      vehicleModel: "VW Golf",
      mileageKm: 120000,
      firstRegistration: "2018-06",
      handover: "pickup" as const,
      pickupAddress: "Praterstraße 1, 1020 Wien",
    };
    const expired = await insertAppointment(database.db, { ...person, date: "2026-04-01", status: "storniert", ...car });
    const kept = await insertAppointment(database.db, { ...person, date: "2026-05-20", status: "storniert", ...car });
    for (const row of [expired, kept]) {
      await enqueueEmail(database.db, {
        recipient: "werkstatt@happycar.example",
        template: "booking-received-workshop",
        params: { ...person, email: person.email, date: row.date, licensePlate: car.licensePlate, pickupAddress: car.pickupAddress },
        appointmentId: row.id,
      });
    }

    await applyRetention(database.db, { now });

    const stored = JSON.stringify(await database.db.select().from(appointments));
    expect(stored).toContain(kept.id);
    expect(stored).not.toContain(expired.id);
    const mails = await database.db.select().from(emailOutbox);
    // The deleted appointment's mail lost its link (on delete set null) and its data.
    expect(mails.filter((mail) => mail.appointmentId === null).map((mail) => mail.params)).toEqual([{}]);
    expect(JSON.stringify(mails.filter((mail) => mail.appointmentId !== kept.id))).not.toMatch(/Praterstraße|W 123-AB/);
    expect(mails.find((mail) => mail.appointmentId === kept.id)?.params).toMatchObject({ pickupAddress: car.pickupAddress });
  });

  it("anonymises the outbox rows and audit entries of deleted appointments, and stops their pending mails", async () => {
    const expired = await appointment("2026-04-01", "storniert");
    const kept = await appointment("2026-05-20", "storniert");

    await applyRetention(database.db, { now });

    const outbox = await database.db.select().from(emailOutbox);
    expect(outbox).toHaveLength(2);
    const anonymised = outbox.find((row) => row.appointmentId === null)!;
    expect(anonymised).toMatchObject({ recipient: "[gelöscht]", replyTo: null, params: {}, status: "failed" });
    expect(JSON.stringify(anonymised)).not.toContain("anna@example.at");
    expect(outbox.find((row) => row.appointmentId === kept)).toMatchObject({
      recipient: person.email,
      status: "pending",
    });

    const [expiredAudit] = await database.db.select().from(auditLog).where(eq(auditLog.appointmentId, expired));
    expect(expiredAudit).toMatchObject({ action: "cancel", newStatus: "storniert", reason: null });
    const [keptAudit] = await database.db.select().from(auditLog).where(eq(auditLog.appointmentId, kept));
    expect(keptAudit?.reason).toBe("Frau Muster hat angerufen");
  });

  it("deletes contact messages 12 months after they arrived and anonymises their mails", async () => {
    const [old] = await database.db
      .insert(contactMessages)
      .values({ name: "Alt", email: "alt@example.at", message: "Hallo", createdAt: new Date("2025-05-31T08:00:00Z") })
      .returning();
    await database.db
      .insert(contactMessages)
      .values({ name: "Neu", email: "neu@example.at", message: "Hallo", createdAt: new Date("2025-06-01T09:00:00Z") });
    await enqueueEmail(database.db, {
      recipient: "werkstatt@happycar.example",
      replyTo: "alt@example.at",
      template: "contact-message",
      params: { name: "Alt", email: "alt@example.at", message: "Hallo" },
      contactMessageId: old!.id,
    });

    const result = await applyRetention(database.db, { now });

    expect(result.contactMessagesDeleted).toBe(1);
    expect((await database.db.select().from(contactMessages)).map((row) => row.name)).toEqual(["Neu"]);
    const [mail] = await database.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ recipient: "[gelöscht]", replyTo: null, params: {}, contactMessageId: null });
  });

  it("runs as a job that also prunes rate-limit windows older than site.retention.rateLimitRecordsDays (7)", async () => {
    await appointment("2026-01-01", "beantragt");
    await database.db.insert(rateLimits).values([
      { key: "booking:1.2.3.4", windowStart: new Date("2026-05-20T08:00:00Z"), count: 3 },
      { key: "booking:1.2.3.4", windowStart: new Date("2026-05-31T08:00:00Z"), count: 2 },
    ]);
    const job = startRetentionJob(database.db, { firstRunMs: 0, intervalMs: 60_000, now: () => now });
    try {
      await expect.poll(async () => (await database.db.select().from(rateLimits)).length, { timeout: 10_000 }).toBe(1);
      expect(await remainingAppointments()).toEqual([]);
    } finally {
      job.stop();
    }
  });
});

describe("daily maintenance on the embedded PGlite", () => {
  const database = useTestDatabase("pglite");

  async function appointmentStats() {
    const rows = await database.db.execute(sql`
      select c.reltuples::int as planned_rows, (s.last_vacuum is not null) as vacuumed
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'appointments'`);
    return resultRows<{ planned_rows: number; vacuumed: boolean }>(rows)[0];
  }

  it("vacuums and analyses, since PGlite has no autovacuum", async () => {
    await database.db.insert(appointments).values(
      Array.from({ length: 200 }, (_, n) => ({
        ...person,
        email: `kunde${n}@example.at`,
        date: "2026-07-01",
        status: "beantragt" as const,
      })),
    );
    await database.db.update(appointments).set({ status: "bestätigt" });
    // Never analysed: the planner does not know the table's size.
    expect(await appointmentStats()).toMatchObject({ planned_rows: -1, vacuumed: false });

    const job = startRetentionJob(database.db, {
      firstRunMs: 0,
      intervalMs: 60_000,
      vacuum: true,
      now: () => new Date("2026-06-01T08:00:00Z"),
    });
    try {
      await expect.poll(async () => (await appointmentStats())?.vacuumed, { timeout: 10_000 }).toBe(true);
      expect(await appointmentStats()).toMatchObject({ planned_rows: 200 });
    } finally {
      job.stop();
    }
  });
});
