import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { auditLog, emailOutbox } from "~/db/schema";
import { adminMessages } from "~/messages";
import { appointmentDetails } from "~/services/appointment-queries.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";

const { cancelAppointment, confirmAppointment, saveInternalNote } = boardCommands;

const NOTE = "Kunde zahlt bar; Bremsbeläge vorne schon bestellt (Lieferant Mayer).";

describe.each(testDatabaseKinds)("internal notes on %s", (kind) => {
  let staff: AdminIdentity;
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  beforeEach(async () => {
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
  });

  it("staff write a note; it is in the details, in the audit trail, and in no customer e-mail", async () => {
    const first = await insertAppointment(database.db);
    const second = await insertAppointment(database.db, { time: "09:00" });
    expect(await saveInternalNote(database.db, { id: first.id, admin: staff, note: `  ${NOTE}\u0000 ` })).toEqual({ ok: true });
    await saveInternalNote(database.db, { id: second.id, admin: staff, note: NOTE });
    expect((await appointmentDetails(database.db, first.id))?.appointment?.internalNote).toBe(NOTE);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.appointmentId, first.id));
    expect(entry).toMatchObject({ action: "note", actor: "lena@happycar.example", reason: NOTE });

    await confirmAppointment(database.db, { id: first.id, admin: staff });
    await cancelAppointment(database.db, { id: second.id, admin: staff, reason: "Teile fehlen" });
    const mails = await database.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.template).sort()).toEqual(["appointment-cancelled", "appointment-confirmed"]);
    // The note's own words, not a short fragment a random token in a link could contain.
    expect(JSON.stringify(mails)).not.toContain("Bremsbeläge");
    expect(JSON.stringify(mails)).not.toContain("Lieferant Mayer");
  });

  it("an empty note removes it; over 2000 characters and unknown ids are refused", async () => {
    const appointment = await insertAppointment(database.db);
    await saveInternalNote(database.db, { id: appointment.id, admin: staff, note: NOTE });
    expect(await saveInternalNote(database.db, { id: appointment.id, admin: staff, note: "   " })).toEqual({ ok: true });
    expect((await appointmentDetails(database.db, appointment.id))?.appointment?.internalNote).toBeNull();
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.appointmentId, appointment.id)).orderBy(auditLog.id);
    expect(trail.map((entry) => entry.reason)).toEqual([NOTE, null]);
    expect(await saveInternalNote(database.db, { id: appointment.id, admin: staff, note: "x".repeat(2001) })).toEqual({
      ok: false,
      status: 400,
      code: "noteTooLong",
    });
    expect(await saveInternalNote(database.db, { id: crypto.randomUUID(), admin: staff, note: NOTE })).toEqual({
      ok: false,
      status: 404,
      code: "notFound",
    });
  });

  it("the API refuses a note that is no text with 400 and keeps the note (it used to delete it)", async () => {
    const appointment = await insertAppointment(database.db);
    await saveInternalNote(database.db, { id: appointment.id, admin: staff, note: NOTE });
    const cookie = await sessionCookieOf(database.db, staff.id);
    for (const body of [{ note: ["Bremsen"] }, { note: 42 }, { note: null }, {}]) {
      const response = await app.request(`/api/v1/admin/appointments/${appointment.id}/note`, { json: body, cookie });
      expect([response.status, await response.json()]).toEqual([400, { error: adminMessages.noteInvalid }]);
    }
    expect((await appointmentDetails(database.db, appointment.id))?.appointment?.internalNote).toBe(NOTE);
    const saved = await app.request(`/api/v1/admin/appointments/${appointment.id}/note`, { json: { note: "Neu" }, cookie });
    expect([saved.status, await saved.json()]).toEqual([200, { id: appointment.id, internalNote: "Neu" }]);
  });
});
