import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { emailOutbox } from "~/db/schema";
import { renderEmail } from "~/mail/templates";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";

const { cancelAppointment, confirmAppointment } = boardCommands;

const PUBLIC_URL = "https://www.happycar.example";

describe.each(testDatabaseKinds)("calendar entries that follow the appointment on %s", (kind) => {
  let owner: AdminIdentity;
  const database = useTestDatabase(kind);
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db);
  });

  async function rendered(appointmentId: string, template: string) {
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.appointmentId, appointmentId), eq(emailOutbox.template, template)));
    return renderEmail(mail!, PUBLIC_URL);
  }

  it("cancelling a confirmed appointment withdraws the confirmation's calendar entry: CANCEL, same UID, higher SEQUENCE", async () => {
    const appointment = await insertAppointment(database.db, { service: "§57a Überprüfung", durationMinutes: 60 });
    await confirmAppointment(database.db, { id: appointment.id, admin: owner });
    await cancelAppointment(database.db, { id: appointment.id, admin: owner, reason: "Die Hebebühne ist defekt." });
    const invite = (await rendered(appointment.id, "appointment-confirmed")).attachments[0]!;
    const withdrawal = (await rendered(appointment.id, "appointment-cancelled")).attachments[0]!;
    expect(invite.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(withdrawal.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    const uid = `UID:${appointment.id}@happycar.termine`;
    expect(invite.content).toContain(uid);
    expect(withdrawal.content).toContain(uid);
    expect(invite.content).toContain("SEQUENCE:0");
    expect(withdrawal.content).toContain("SEQUENCE:1");
    expect(withdrawal.content).toContain("METHOD:CANCEL");
    // The same hour as the invite: a §57a lasts 60 minutes.
    const times = (ics: string) => ics.split("\r\n").filter((line) => /^DT(START|END)/.test(line));
    expect(times(withdrawal.content)).toEqual(times(invite.content));
  });

  it("a request cancelled before it was confirmed is in no calendar: no attachment", async () => {
    const appointment = await insertAppointment(database.db);
    await cancelAppointment(database.db, { id: appointment.id, admin: owner, reason: "Doppelt angefragt." });
    expect((await rendered(appointment.id, "appointment-cancelled")).attachments).toEqual([]);
  });
});
