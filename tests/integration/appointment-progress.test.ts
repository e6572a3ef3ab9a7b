import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { auditLog, customerLinks, emailOutbox } from "~/db/schema";
import { hashSecretToken } from "~/lib/secret-token.server";
import { renderEmail } from "~/mail/templates";
import { appointmentDetails } from "~/services/appointment-queries.server";
import { readBoardSettings, setReadyEmail } from "~/services/board-settings.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";

const { setAppointmentProgress } = boardCommands;

const t0 = new Date("2026-12-01T08:10:00Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

describe.each(testDatabaseKinds)("the car's progress (issue 16) on %s", (kind) => {
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "chef@happycar.example", displayName: "Chef", verifiedAt: t0 });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
  });

  const confirmed = () => insertAppointment(database.db, { status: "bestätigt", licensePlate: "W 123 AB" });
  const readyMails = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "appointment-ready"));
  const progressAudit = (id: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appointmentId, id), eq(auditLog.action, "progress")));

  it("staff set the three states in turn; the details show each with time and who, the trail records it", async () => {
    const appointment = await confirmed();
    const steps = [
      ["arrived", staff],
      ["in_progress", owner],
      ["ready", staff],
    ] as const;
    for (const [index, [progress, admin]] of steps.entries()) {
      const now = minutes(index * 30);
      expect(await setAppointmentProgress(database.db, { id: appointment.id, admin, progress, now })).toMatchObject({
        ok: true,
        progress,
        changed: true,
      });
      expect((await appointmentDetails(database.db, appointment.id))?.appointment).toMatchObject({
        status: "bestätigt",
        progress,
        progressAt: now.toISOString(),
        progressBy: admin.displayName,
      });
    }
    const trail = await progressAudit(appointment.id);
    expect(trail.map((entry) => [entry.actor, entry.reason, entry.oldStatus, entry.newStatus, entry.adminUserId])).toEqual([
      ["lena@happycar.example", "arrived", "bestätigt", "bestätigt", staff.id],
      ["chef@happycar.example", "in_progress", "bestätigt", "bestätigt", owner.id],
      ["lena@happycar.example", "ready", "bestätigt", "bestätigt", staff.id],
    ]);
  });

  it("'Abholbereit' queues exactly one e-mail with a working personal link and the opening hours; repeating it changes nothing", async () => {
    const appointment = await confirmed();
    await setAppointmentProgress(database.db, { id: appointment.id, admin: staff, progress: "in_progress", now: t0 });
    expect(await readyMails()).toEqual([]);
    const first = await setAppointmentProgress(database.db, { id: appointment.id, admin: staff, progress: "ready", now: minutes(60) });
    expect(first).toEqual({ ok: true, progress: "ready", changed: true, emailQueued: true });
    const again = await setAppointmentProgress(database.db, { id: appointment.id, admin: owner, progress: "ready", now: minutes(90) });
    expect(again).toEqual({ ok: true, progress: "ready", changed: false, emailQueued: false });

    const mails = await readyMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ recipient: appointment.email, appointmentId: appointment.id });
    const params = mail!.params as Record<string, string>;
    expect(params.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [link] = await database.db
      .select()
      .from(customerLinks)
      .where(eq(customerLinks.tokenHash, hashSecretToken(params.accessToken!)));
    expect(link?.appointmentId).toBe(appointment.id);

    const rendered = renderEmail({ ...mail!, params }, "https://www.happycar.example");
    expect(rendered.subject).toBe("Ihr Fahrzeug ist abholbereit");
    expect(rendered.text).toContain(`https://www.happycar.example/termin/${params.accessToken}`);
    expect(rendered.text).toContain("Montag – Freitag: 8:00 – 18:00");
    expect(rendered.text).toContain("W 123 AB");

    // The repeat neither moved the time nor wrote a second trail entry.
    expect((await appointmentDetails(database.db, appointment.id))?.appointment).toMatchObject({
      progressAt: minutes(60).toISOString(),
      progressBy: "Lena",
    });
    expect(await progressAudit(appointment.id)).toHaveLength(2);
  });

  it("with the owner's switch off 'Abholbereit' sends nothing; back on, it sends again", async () => {
    expect(await readBoardSettings(database.db)).toEqual({ readyEmail: true });
    expect(await setReadyEmail(database.db, { admin: owner, readyEmail: false, now: t0 })).toEqual({
      ok: true,
      value: { readyEmail: false },
    });
    const quiet = await confirmed();
    expect(await setAppointmentProgress(database.db, { id: quiet.id, admin: staff, progress: "ready", now: t0 })).toMatchObject({
      changed: true,
      emailQueued: false,
    });
    expect(await readyMails()).toEqual([]);

    await setReadyEmail(database.db, { admin: owner, readyEmail: true, now: t0 });
    const loud = await insertAppointment(database.db, { status: "bestätigt", time: "09:00" });
    await setAppointmentProgress(database.db, { id: loud.id, admin: staff, progress: "ready", now: t0 });
    expect((await readyMails()).map((mail) => mail.appointmentId)).toEqual([loud.id]);
  });

  it("refuses 'Abholbereit' before the appointment's day in Vienna (409), changing and sending nothing; allows it on the day", async () => {
    const appointment = await confirmed(); // 1 December 2026, 08:00
    // 30 November, 23:30 in Vienna (22:30 UTC): still the day before.
    const eveningBefore = new Date("2026-11-30T22:30:00Z");
    expect(await setAppointmentProgress(database.db, { id: appointment.id, admin: staff, progress: "ready", now: eveningBefore })).toEqual({
      ok: false,
      status: 409,
      code: "readyTooEarly",
    });
    expect((await appointmentDetails(database.db, appointment.id))?.appointment).toMatchObject({ progress: null });
    expect(await readyMails()).toEqual([]);
    expect(await progressAudit(appointment.id)).toEqual([]);
    // The car may arrive early, though.
    expect(
      await setAppointmentProgress(database.db, { id: appointment.id, admin: staff, progress: "arrived", now: eveningBefore }),
    ).toMatchObject({
      ok: true,
      changed: true,
    });
    // 1 December, 00:30 in Vienna (23:30 UTC on 30 November): the appointment's day.
    const dayStart = new Date("2026-11-30T23:30:00Z");
    expect(await setAppointmentProgress(database.db, { id: appointment.id, admin: staff, progress: "ready", now: dayStart })).toMatchObject(
      {
        ok: true,
        changed: true,
        emailQueued: true,
      },
    );
  });

  it("the switch is the owner's, and every change of it is in the audit log", async () => {
    expect(await setReadyEmail(database.db, { admin: staff, readyEmail: false, now: t0 })).toEqual({ ok: false, code: "ownerOnly" });
    expect(await readBoardSettings(database.db)).toEqual({ readyEmail: true });
    await setReadyEmail(database.db, { admin: owner, readyEmail: false, now: t0 });
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "settings.ready-email"));
    expect(entries).toEqual([expect.objectContaining({ actor: "chef@happycar.example", subject: "settings", reason: "ausgeschaltet" })]);
  });

  it("refuses a request or a cancelled appointment (409), an unknown one (404) and an unknown state (400), changing nothing", async () => {
    const requested = await insertAppointment(database.db);
    const cancelled = await insertAppointment(database.db, { status: "storniert", time: "09:00" });
    for (const appointment of [requested, cancelled]) {
      expect(await setAppointmentProgress(database.db, { id: appointment.id, admin: owner, progress: "ready", now: t0 })).toEqual({
        ok: false,
        status: 409,
        code: "notConfirmed",
      });
      expect((await appointmentDetails(database.db, appointment.id))?.appointment).toMatchObject({ progress: null, progressAt: null });
    }
    expect(await setAppointmentProgress(database.db, { id: crypto.randomUUID(), admin: owner, progress: "ready", now: t0 })).toEqual({
      ok: false,
      status: 404,
      code: "notFound",
    });
    const appointment = await confirmed();
    for (const progress of ["done", "", null, undefined, 1]) {
      expect(await setAppointmentProgress(database.db, { id: appointment.id, admin: owner, progress })).toEqual({
        ok: false,
        status: 400,
        code: "invalidProgress",
      });
    }
    expect(await readyMails()).toEqual([]);
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it("of two admins pressing 'Abholbereit' at once, one sets it and one e-mail goes out", async () => {
    const appointment = await confirmed();
    const results = await Promise.all(
      [owner, staff].map((admin) => setAppointmentProgress(database.db, { id: appointment.id, admin, progress: "ready", now: t0 })),
    );
    expect(results.map((result) => result.ok && result.changed).sort()).toEqual([false, true]);
    expect(await readyMails()).toHaveLength(1);
  });
});
