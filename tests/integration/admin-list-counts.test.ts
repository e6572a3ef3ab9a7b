import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { dumpDatabase, restoreDatabase } from "~/db/backup.server";
import { resultRows } from "~/db/result-rows";
import { appointments } from "~/db/schema";
import { listAppointments, PAGE_SIZE } from "~/services/appointment-queries.server";
import { applyRetention } from "~/services/retention.server";
import { testDatabaseKinds } from "../support/databases";
import { appointmentInput, createAdminIdentity, insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";

const { cancelAppointment, confirmAppointment, deleteAppointment, saveInternalNote } = boardCommands;

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

    expect(await confirmAppointment(database.db, { id: first!.id, admin: owner })).toEqual({
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
    await database.reset({ empty: true });
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

  describe("from today on (the board's default) and the past", () => {
    // 00:30 on Saturday 28 November in Vienna, still Friday the 27th in UTC: the workshop's day decides.
    const now = new Date("2026-11-27T23:30:00Z");

    beforeEach(async () => {
      await database.db
        .insert(appointments)
        .values([
          appointmentInput({ name: "Vorgestern", date: "2026-11-26", time: "10:00" }),
          appointmentInput({ name: "Gestern in Wien", date: "2026-11-27", time: "17:00", status: "bestätigt" }),
          appointmentInput({ name: "Heute früh", date: "2026-11-28", time: "08:00" }),
          appointmentInput({ name: "Heute später", date: "2026-11-28", time: "09:00", status: "bestätigt" }),
          appointmentInput({ name: "Nächste Woche", date: "2026-12-05", time: "08:00", status: "storniert" }),
        ]);
    });

    it("start with Vienna's today, in time order; the past is the rest, the latest first; each with its own counts", async () => {
      const upcoming = await listAppointments(database.db, { period: "upcoming", now });
      expect(upcoming.items.map((item) => item.name)).toEqual(["Heute früh", "Heute später", "Nächste Woche"]);
      expect(upcoming.counts).toEqual({ alle: 3, beantragt: 1, bestätigt: 1, storniert: 1 });
      expect(upcoming.total).toBe(3);

      const past = await listAppointments(database.db, { period: "past", now });
      expect(past.items.map((item) => item.name)).toEqual(["Gestern in Wien", "Vorgestern"]);
      expect(past.counts).toEqual({ alle: 2, beantragt: 1, bestätigt: 1, storniert: 0 });

      // A tab and a search narrow the view, and count within it.
      const confirmedAhead = await listAppointments(database.db, { period: "upcoming", tab: "bestätigt", now });
      expect(confirmedAhead.items.map((item) => item.name)).toEqual(["Heute später"]);
      expect(confirmedAhead.total).toBe(1);
      const searchedPast = await listAppointments(database.db, { period: "past", q: "gestern", now });
      expect(searchedPast.items.map((item) => item.name)).toEqual(["Gestern in Wien", "Vorgestern"]);
      expect(searchedPast.counts).toEqual({ alle: 2, beantragt: 1, bestätigt: 1, storniert: 0 });
      const searchedAhead = await listAppointments(database.db, { period: "upcoming", q: "heute", now });
      expect(searchedAhead.counts).toEqual({ alle: 2, beantragt: 1, bestätigt: 1, storniert: 0 });

      // Without a period (the JSON API) every appointment, oldest first, counted by the triggers' table.
      const all = await listAppointments(database.db, { now });
      expect(all.items.map((item) => item.name)).toEqual(["Vorgestern", "Gestern in Wien", "Heute früh", "Heute später", "Nächste Woche"]);
      expect(all.counts).toEqual({ alle: 5, beantragt: 2, bestätigt: 2, storniert: 1 });
    });

    it("page within the view: the total and the last page are the view's", async () => {
      await database.db.insert(appointments).values(
        Array.from({ length: PAGE_SIZE }, (_, n) =>
          appointmentInput({
            name: `Alt ${n}`,
            date: `2025-${String(1 + (n % 12)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`,
          }),
        ),
      );
      const past = await listAppointments(database.db, { period: "past", page: 2, now });
      expect(past.total).toBe(PAGE_SIZE + 2);
      expect(past.page).toBe(2);
      // The latest first: the second page ends with the oldest.
      expect(past.items).toHaveLength(2);
      expect(past.items.at(-1)!.date).toBe("2025-01-01");
      // Three appointments ahead are one page: a later page asked for is that page.
      const upcoming = await listAppointments(database.db, { period: "upcoming", page: 2, now });
      expect(upcoming).toMatchObject({ page: 1, total: 3 });
      expect(upcoming.items.map((item) => item.name)).toEqual(["Heute früh", "Heute später", "Nächste Woche"]);
    });
  });
});
