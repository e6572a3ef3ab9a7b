import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { dayLabel } from "~/components/admin/planner-day-label";
import { adminContext } from "~/context";
import { appointments, auditLog, emailOutbox, resources } from "~/db/schema";
import { appointmentMarks, moveMessages, plannerMoveMessages } from "~/messages";
import { loader as dayListLoader } from "~/routes/admin/day-list";
import { action as plannerAction, loader as plannerLoader } from "~/routes/admin/planner";
import { enterAppointment } from "~/services/appointment-moves.server";
import { plannerWeek } from "~/services/planner.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, heldResourceNames, openDayFromToday } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";
import { siteVisitFacts } from "../support/slot-rules";

/**
 * Issue 28, 'A planner block can be moved': the week planner's move form (app/routes/admin/planner.tsx),
 * posted as a plain form without JavaScript (and by a drop with it): the same service as PATCH
 * /api/v1/admin/appointments/:id, so the lift named by the lane, 409 with the German reason, the
 * customer's 'Ihr Termin wurde verschoben'. The move mode's loader, and the board's marks of an entry.
 */

type Answer = { data: { ok: boolean; title?: string; description?: string; message?: string }; init: { status?: number } | null };

describe.each(testDatabaseKinds)("moving a block of the week planner on %s", (kind) => {
  const database = useTestDatabase(kind);
  let staff: AdminIdentity;
  let lifts: Record<string, string>;
  // The move uses the real clock, as the page does: a day a few days ahead.
  const date = openDayFromToday(5);

  beforeEach(async () => {
    staff = await createAdminIdentity(database.db, { email: "lehrling@happycar.example", role: "staff", passwordHash: "x" });
    // Beside the test workshop's 'Hebebühne 1', '§57a-Prüfplatz' and 'Mechaniker:in 1'.
    await database.db.insert(resources).values([
      { name: "Hebebühne 2", kind: "lift" },
      { name: "Mechaniker:in 2", kind: "mechanic" },
    ]);
    const rows = await database.db.select({ id: resources.id, name: resources.name }).from(resources);
    lifts = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  async function enter(fields: Record<string, unknown>) {
    const result = await enterAppointment(
      database.db,
      { name: "Karl Anrufer", phone: "0664 7654321", service: "Ölwechsel", date, time: "09:00", ...fields },
      { admin: staff, selfCancelCutoffHours: 24 },
    );
    if (!result.ok) throw new Error(result.code);
    return result.value.id;
  }

  /** The move form's post, as the browser sends it without JavaScript. */
  async function post(fields: Record<string, string>) {
    const request = new Request(`http://127.0.0.1/admin/planer?date=${date}&verschieben=${fields.id ?? ""}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "move", ...fields }),
    });
    const args = await routeArgs(request, { db: database.db });
    args.context.set(adminContext, staff);
    return (await plannerAction(args as never)) as unknown as Answer;
  }

  async function load(search: string) {
    const args = await routeArgs(new Request(`http://127.0.0.1/admin/planer?${search}`), { db: database.db });
    args.context.set(adminContext, staff);
    return plannerLoader(args as never);
  }

  it("moves the block to the lane's lift at the chosen time, e-mails the customer of a confirmed one and keeps the trail", async () => {
    const id = await enter({ email: "karl@example.at", notifyCustomer: false });
    expect(await heldResourceNames(database.db, id)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);

    const answer = await post({ id, target: `${date} 14:00 ${lifts["Hebebühne 2"]}` });
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toEqual({
      ok: true,
      intent: "move",
      ...plannerMoveMessages.moved(dayLabel(date), "14:00", "Hebebühne 2", true),
    });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ date, time: "14:00", status: "bestätigt", inviteSequence: 1 });
    expect((await heldResourceNames(database.db, id))[0]).toBe("Hebebühne 2");
    const mails = await database.db.select({ template: emailOutbox.template }).from(emailOutbox).where(eq(emailOutbox.appointmentId, id));
    expect(mails.map((mail) => mail.template)).toEqual(["appointment-moved"]);
    const trail = await database.db
      .select({ action: auditLog.action, reason: auditLog.reason, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.appointmentId, id))
      .orderBy(asc(auditLog.createdAt));
    expect(trail.at(-1)).toEqual({ action: "move", reason: `${date} 09:00 → ${date} 14:00`, actor: staff.email });
  });

  it("refuses a taken lift with 409 and the German reason, and changes nothing; a post without a target is 400", async () => {
    const id = await enter({});
    const before = await enter({ name: "Berta Vorher", time: "14:00" });
    const [lift] = await heldResourceNames(database.db, before);
    const taken = await post({ id, target: `${date} 14:00 ${lifts[lift!]}` });
    expect(taken.init?.status).toBe(409);
    expect(taken.data).toEqual({ ok: false, intent: "move", message: `${plannerMoveMessages.failed} ${moveMessages.resourceTaken}` });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.time).toBe("09:00");
    expect(await heldResourceNames(database.db, id)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);

    const none = await post({ id });
    expect(none.init?.status).toBe(400);
    expect(none.data.message).toBe(`${plannerMoveMessages.failed} ${plannerMoveMessages.noTarget}`);
  });

  it("the move mode: the chosen appointment with the kinds of lane it holds; a cancelled one cannot be chosen", async () => {
    const id = await enter({});
    const page = await load(`date=${date}&verschieben=${id}`);
    expect(page.moving).toEqual({ id, name: "Karl Anrufer", date, time: "09:00", placeKinds: ["lift"] });
    // Its own time does not stand in its way: the lane it stands in is free over it, so half an hour later
    // (overlapping its old time) is offered, and the move there is placed.
    const lane = (plan: typeof page.plan) =>
      plan.days.find((day) => day.date === date)!.lanes.find((entry) => entry.blocks.some((block) => block.id === id))!;
    const covers = (plan: typeof page.plan, from: string, to: string) => lane(plan).free.some((span) => span.from <= from && span.to >= to);
    expect(covers(page.plan, "09:00", "10:00")).toBe(true);
    expect(covers((await load(`date=${date}`)).plan, "09:00", "09:30")).toBe(false);
    const shifted = await post({ id, target: `${date} 09:30 ${lifts["Hebebühne 1"]}` });
    expect(shifted.data.ok).toBe(true);
    expect((await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.time).toBe("09:30");
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, id));
    const refused = await load(`date=${date}&verschieben=${id}`);
    expect(refused).toMatchObject({ moving: null, movingRefused: true });
    expect(await load(`date=${date}`)).toMatchObject({ moving: null, movingRefused: false });
  });

  it("marks what the board entered: 'Telefon', 'überbucht' with what it could not get, the override's reason, 'ohne E-Mail'", async () => {
    await enter({ time: "10:00" });
    await enter({ name: "Zweiter", time: "10:00" });
    const anyway = await enter({ name: "Dritte", time: "10:00", source: "phone", override: { reason: "Stammkundin" } });
    const week = await plannerWeek(database.db, date, date, siteVisitFacts);
    const entry = week.appointments.find((appointment) => appointment.id === anyway)!;
    expect(entry).toMatchObject({ overbooked: true, missing: ["lift", "mechanic"], hasEmail: false, source: "phone" });
    expect(appointmentMarks.of(entry)).toEqual([
      "Telefon",
      "überbucht: keine Hebebühne und keine Mechaniker:in",
      "Trotzdem eingetragen: Stammkundin",
      "ohne E-Mail",
    ]);
    // The day list reads the same.
    const args = await routeArgs(new Request(`http://127.0.0.1/admin/tagesliste?date=${date}`), { db: database.db });
    const list = await dayListLoader(args as never);
    const listed = list.groups.flatMap((group) => group.appointments).find((appointment) => appointment.id === anyway)!;
    expect(listed.missing).toEqual(["lift", "mechanic"]);
  });
});
