import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, findingDecisionRecords, findingPhotos, findings } from "~/db/schema";
import { applyRetention } from "~/services/retention.server";
import { testDatabaseKinds } from "../support/databases";
import { insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";

/**
 * Issue 30, decision 040: the decision records are insert-only in the database itself; the findings,
 * photos and records go with their appointment (delete and retention), and only then.
 */
describe.each(testDatabaseKinds)("finding decision records on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function findingWithRecord(date = "2026-06-10") {
    const appointment = await insertAppointment(database.db, { status: "bestätigt", date });
    const [finding] = await database.db
      .insert(findings)
      .values({ appointmentId: appointment!.id, title: "Bremsbeläge vorne", priceCents: 18000, urgency: "now", sentAt: new Date() })
      .returning();
    await database.db.insert(findingPhotos).values({
      findingId: finding!.id,
      appointmentId: appointment!.id,
      position: 0,
      contentType: "image/jpeg",
      width: 10,
      height: 10,
      bytes: new Uint8Array([0xff, 0xd8, 0xff]),
    });
    const [record] = await database.db
      .insert(findingDecisionRecords)
      .values({
        findingId: finding!.id,
        appointmentId: appointment!.id,
        title: finding!.title,
        priceCents: finding!.priceCents,
        urgency: "now",
        decision: "approved",
        decidedBy: "customer",
        clientIpHash: "h",
      })
      .returning();
    return { appointmentId: appointment!.id, findingId: finding!.id, recordId: record!.id };
  }

  const count = async (table: typeof findings | typeof findingPhotos | typeof findingDecisionRecords) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  it("refuses to update or delete a decision record while its appointment exists", async () => {
    const { recordId, findingId } = await findingWithRecord();
    await expect(
      database.db.update(findingDecisionRecords).set({ decision: "declined" }).where(eq(findingDecisionRecords.id, recordId)),
    ).rejects.toThrow();
    await expect(database.db.delete(findingDecisionRecords).where(eq(findingDecisionRecords.id, recordId))).rejects.toThrow();
    // Nor through its finding: a sent finding with decisions is withdrawn, never deleted.
    await expect(database.db.delete(findings).where(eq(findings.id, findingId))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate finding_decisions`)).rejects.toThrow();
    const [row] = await database.db.select().from(findingDecisionRecords);
    expect(row).toMatchObject({ decision: "approved", title: "Bremsbeläge vorne", priceCents: 18000 });
  });

  it("lets the appointment's deletion take its findings, photos and records along", async () => {
    const { appointmentId } = await findingWithRecord();
    await findingWithRecord();
    await database.db.delete(appointments).where(eq(appointments.id, appointmentId));
    expect(await count(findings)).toBe(1);
    expect(await count(findingPhotos)).toBe(1);
    expect(await count(findingDecisionRecords)).toBe(1);
  });

  it("lets retention take them along with an expired appointment", async () => {
    await findingWithRecord("2025-01-10");
    await findingWithRecord("2026-05-30");
    await applyRetention(database.db, { now: new Date("2026-06-01T08:00:00Z") });
    expect(await count(findings)).toBe(1);
    expect(await count(findingPhotos)).toBe(1);
    expect(await count(findingDecisionRecords)).toBe(1);
  });
});
