import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { dumpDatabase, restoreDatabase } from "~/db/backup.server";
import { resultRows } from "~/db/result-rows";
import { appointments } from "~/db/schema";
import * as commands from "~/services/appointment-commands.server";
import { listAppointments } from "~/services/appointment-queries.server";
import { applyRetention } from "~/services/retention.server";
import { appointmentInput, createAdminIdentity, insertAppointment } from "../support/factories";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";
import { commandView } from "../support/result-views";

// The board's commands as the edge answers them: status and code (tests/support/result-views.ts).
const cancelAppointment = async (...args: Parameters<typeof commands.cancelAppointment>) =>
  commandView(await commands.cancelAppointment(...args));
const confirmAppointment = async (...args: Parameters<typeof commands.confirmAppointment>) =>
  commandView(await commands.confirmAppointment(...args));
const deleteAppointment = async (...args: Parameters<typeof commands.deleteAppointment>) =>
  commandView(await commands.deleteAppointment(...args));
const saveInternalNote = async (...args: Parameters<typeof commands.saveInternalNote>) =>
  commandView(await commands.saveInternalNote(...args));

/**
 * The board's tab counts without a search come from appointment_counts, kept by
 * triggers (migration 0010): they must equal counting the table after every
 * kind of change, and never see a search's filter.
 */
describe.each(testDatabaseKinds)("the board's counts on %s", (kind) => {
  let owner: AdminIdentity;
  const database = useTestDatabase(kind, { poolSize: 10 });
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db);
  });

  async function countedByTable() {
    const rows = resultRows<{ status: string; n: number }>(
      await database.db.execute(sql`select status, count(*)::int as n from appointments group by status`),
    );
    const counts: Record<string, number> = { alle: 0, beantragt: 0, bestätigt: 0, storniert: 0 };
    for (const row of rows) {
      counts[row.status] = row.n;
      counts.alle! += row.n;
    }
    return counts;
  }

  async function expectExactCounts() {
    expect((await listAppointments(database.db, {})).counts).toEqual(await countedByTable());
  }

  it("stay exact through inserts, confirm, cancel, a note, delete, retention, truncate and a backup's restore", async () => {
    await database.db
      .insert(appointments)
      .values(
        Array.from({ length: 7 }, (_, n) => appointmentInput({ date: "2026-12-01", time: `${10 + n}:00`, email: `k${n}@example.at` })),
      );
    const [first, second, third] = await database.db.select().from(appointments).orderBy(appointments.time);
    await insertAppointment(database.db, { date: "2020-01-10", status: "storniert" });
    expect((await listAppointments(database.db, {})).counts).toEqual({ alle: 8, beantragt: 7, bestätigt: 0, storniert: 1 });

    expect(await confirmAppointment(database.db, { id: first!.id, admin: owner, slotCapacity: 1 })).toEqual({
      ok: true,
      status: "bestätigt",
    });
    expect(await cancelAppointment(database.db, { id: second!.id, admin: owner, reason: "krank" })).toEqual({
      ok: true,
      status: "storniert",
    });
    expect(await saveInternalNote(database.db, { id: third!.id, admin: owner, note: "Reifen im Kofferraum" })).toEqual({ ok: true });
    expect((await listAppointments(database.db, {})).counts).toEqual({ alle: 8, beantragt: 5, bestätigt: 1, storniert: 2 });
    expect(await deleteAppointment(database.db, { id: third!.id, admin: owner })).toEqual({ ok: true });
    await applyRetention(database.db, { now: new Date("2026-11-23T10:00:00Z") });
    expect((await listAppointments(database.db, {})).counts).toEqual({ alle: 6, beantragt: 4, bestätigt: 1, storniert: 1 });
    await expectExactCounts();

    const dump = await dumpDatabase(database.db);
    await database.db.execute(sql`truncate table appointments cascade`);
    expect((await listAppointments(database.db, {})).counts).toEqual({ alle: 0, beantragt: 0, bestätigt: 0, storniert: 0 });
    await database.reset();
    await restoreDatabase(database.db, dump);
    expect((await listAppointments(database.db, {})).counts).toEqual({ alle: 6, beantragt: 4, bestätigt: 1, storniert: 1 });
    await expectExactCounts();
  });

  it("stay exact with parallel inserts and status changes on many connections", async () => {
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        insertAppointment(database.db, { time: `${String(8 + (n % 9)).padStart(2, "0")}:00`, email: `p${n}@example.at` }),
      ),
    );
    await Promise.all(
      rows
        .slice(0, 15)
        .map((row, n) =>
          n % 2
            ? cancelAppointment(database.db, { id: row.id, admin: owner, reason: "x" })
            : deleteAppointment(database.db, { id: row.id, admin: owner }),
        ),
    );
    expect((await listAppointments(database.db, {})).counts).toEqual({ alle: 22, beantragt: 15, bestätigt: 0, storniert: 7 });
    await expectExactCounts();
  });

  it("with a search count only the matching rows", async () => {
    await insertAppointment(database.db, { name: "Maria Gruber", status: "bestätigt" });
    await insertAppointment(database.db, { name: "Hans Huber", email: "hans@example.at" });
    expect((await listAppointments(database.db, { q: "gruber" })).counts).toEqual({ alle: 1, beantragt: 0, bestätigt: 1, storniert: 0 });
    expect((await listAppointments(database.db, {})).counts).toEqual({ alle: 2, beantragt: 1, bestätigt: 1, storniert: 0 });
  });
});
