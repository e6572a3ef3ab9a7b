import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { adminContext } from "~/context";
import { appointmentResources, appointments, auditLog, resourceAbsences, resources } from "~/db/schema";
import type { ResourceKind } from "~/domain/resources";
import { holdMessages, holdRefusal } from "~/messages";
import AppointmentDetails, { action as detailsAction, loader as detailsLoader } from "~/routes/admin/appointment";
import { missingKinds, moveAppointmentResources, resourceChoices } from "~/services/appointment-holds.server";
import { appointmentDetails } from "~/services/appointment-queries.server";
import { placeAppointment } from "~/services/placement.server";
import { type DatabaseKind, testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";
import { siteVisitFacts } from "../support/slot-rules";

/**
 * Issue 27: what an appointment holds, on the board's details page and in the JSON API, and
 * 'Zuordnung ändern' (PATCH /api/v1/admin/appointments/:id/resources): the whole new set, one
 * active resource per kind, checked under the day's lock, for the same times.
 */

// Wednesday 2 December 2026, open 08:00–18:00 (Vienna, UTC+1).
const DAY = "2026-12-02";
const WORK = { startsAt: new Date("2026-12-02T09:00:00Z"), endsAt: new Date("2026-12-02T09:30:00Z") };
const UNTIL_CLOSING = new Date("2026-12-02T17:00:00Z");

function suite(kind: DatabaseKind) {
  const database = useTestDatabase(kind);
  let staff: AdminIdentity;
  /** The test workshop (tests/support/databases.ts) and a second lift, two more mechanics and a courtesy car, by name. */
  let ids: Record<string, string>;

  beforeEach(async () => {
    staff = await createAdminIdentity(database.db, { email: "lehrling@happycar.example", role: "staff", passwordHash: "x" });
    // Created one after the other: of two equally used, the placement takes the older (pick_resources).
    const added = [
      { name: "Hebebühne 2", kind: "lift" },
      { name: "Mechaniker:in 2", kind: "mechanic" },
      { name: "Mechaniker:in 3", kind: "mechanic" },
      { name: "Ersatzwagen", kind: "courtesy_car" },
      { name: "Hebebühne alt", kind: "lift", active: false },
    ] as const;
    await database.db
      .insert(resources)
      .values(added.map((row, index) => ({ ...row, createdAt: new Date(Date.now() + (index + 1) * 1000) })));
    ids = Object.fromEntries((await database.db.select().from(resources)).map((row) => [row.name, row.id]));
  });

  /** An appointment of DAY placed as a booking or confirming places it (place_appointment). */
  async function placed(overrides: Partial<typeof appointments.$inferInsert> = {}) {
    const row = await insertAppointment(database.db, { date: DAY, time: "10:00", service: "Ölwechsel", durationMinutes: 30, ...overrides });
    expect(await placeAppointment(database.db, row, siteVisitFacts)).toBe("placed");
    return row;
  }
  /** The appointment's active holds by name: which resource, from when until when. */
  const holdsOf = (id: string) =>
    database.db
      .select({ name: resources.name, startsAt: appointmentResources.startsAt, endsAt: appointmentResources.endsAt })
      .from(appointmentResources)
      .innerJoin(resources, eq(resources.id, appointmentResources.resourceId))
      .where(and(eq(appointmentResources.appointmentId, id), eq(appointmentResources.active, true)))
      .orderBy(asc(resources.name));
  const trail = (id: string) =>
    database.db
      .select({ action: auditLog.action, actor: auditLog.actor, reason: auditLog.reason, oldStatus: auditLog.oldStatus })
      .from(auditLog)
      .where(eq(auditLog.appointmentId, id));
  const move = (id: string, names: string[]) =>
    moveAppointmentResources(database.db, {
      id,
      admin: staff,
      resourceIds: names.map((name) => ids[name] ?? name),
      workshop: siteVisitFacts,
    });

  it("the details name what an active appointment holds and that a courtesy car was asked for; a cancelled one holds nothing", async () => {
    const { id } = await placed({ courtesyCar: true });
    const shown = (await appointmentDetails(database.db, id))!.appointment!;
    expect(shown.courtesyCar).toBe(true);
    expect(shown.resources).toEqual([
      { id: ids["Hebebühne 1"], name: "Hebebühne 1", kind: "lift" },
      { id: ids["Mechaniker:in 1"], name: "Mechaniker:in 1", kind: "mechanic" },
      { id: ids.Ersatzwagen, name: "Ersatzwagen", kind: "courtesy_car" },
    ]);
    expect(holdMessages.holdsText(shown.resources)).toBe("Hebebühne 1 · Mechaniker:in 1 · Ersatzwagen");
    // A name that does not say its kind gets the kind's word.
    expect(holdMessages.holdsText([{ name: "Anna Berger", kind: "mechanic" }])).toBe("Anna Berger (Mechaniker:in)");
    expect(missingKinds(shown, shown.resources, siteVisitFacts)).toEqual([]);

    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, id));
    const cancelled = (await appointmentDetails(database.db, id))!.appointment!;
    expect(cancelled.resources).toEqual([]);
    expect(missingKinds(cancelled, cancelled.resources, siteVisitFacts)).toEqual([]);
    expect(await resourceChoices(database.db, cancelled, siteVisitFacts)).toEqual([]);
  });

  it("an active appointment that holds nothing is named with what it lacks", async () => {
    const row = await insertAppointment(database.db, { date: DAY, time: "10:00", service: "§57a Überprüfung", durationMinutes: 60 });
    const shown = (await appointmentDetails(database.db, row.id))!.appointment!;
    expect(shown.resources).toEqual([]);
    const missing = missingKinds(shown, shown.resources, siteVisitFacts);
    expect(missing).toEqual(["inspection", "mechanic"]);
    expect(holdMessages.missingTitle(missing)).toBe("Kein §57a-Prüfplatz und keine Mechaniker:in zugeordnet");
    expect(holdMessages.missingTitle(["lift", "mechanic", "courtesy_car"])).toBe(
      "Keine Hebebühne, keine Mechaniker:in und kein Ersatzwagen zugeordnet",
    );
  });

  it("offers per kind the active resources and the held one, each free, taken or absent at the appointment's time", async () => {
    const first = await placed();
    // Holds Hebebühne 2 and Mechaniker:in 2 at the same time.
    await placed({ time: "10:00" });
    await database.db
      .insert(resourceAbsences)
      .values({ resourceId: ids["Mechaniker:in 3"]!, fromDate: DAY, toDate: DAY, startTime: "10:15", reason: "Berufsschule" });
    await database.db.update(resources).set({ active: false }).where(eq(resources.id, ids["Hebebühne 1"]!));
    const choices = await resourceChoices(database.db, { ...first, services: [first.service], status: "beantragt" }, siteVisitFacts);
    const view = choices.map(({ kind, choices: list }) => [
      kind,
      list.map((choice) => [choice.name, choice.state, choice.held, choice.active]),
    ]);
    expect(view).toEqual([
      [
        "lift",
        [
          // Deactivated since, still offered while held; 'Hebebühne alt' was never held and is not.
          ["Hebebühne 1", "free", true, false],
          ["Hebebühne 2", "taken", false, true],
        ],
      ],
      [
        "mechanic",
        [
          ["Mechaniker:in 1", "free", true, true],
          ["Mechaniker:in 2", "taken", false, true],
          // Absent from 10:15 on: the work lasts until 10:30.
          ["Mechaniker:in 3", "absent", false, true],
        ],
      ],
    ]);
  });

  it("moves to another free lift and mechanic for the same times, under an audit entry; the same set again changes nothing", async () => {
    const { id } = await placed({ courtesyCar: true });
    const result = await move(id, ["Hebebühne 2", "Mechaniker:in 2", "Ersatzwagen"]);
    expect(result).toEqual({
      ok: true,
      value: {
        changed: true,
        resources: [
          { id: ids["Hebebühne 2"], name: "Hebebühne 2", kind: "lift" },
          { id: ids["Mechaniker:in 2"], name: "Mechaniker:in 2", kind: "mechanic" },
          { id: ids.Ersatzwagen, name: "Ersatzwagen", kind: "courtesy_car" },
        ],
      },
    });
    expect(await holdsOf(id)).toEqual([
      // The car from the start until closing, as the booking held it.
      { name: "Ersatzwagen", startsAt: WORK.startsAt, endsAt: UNTIL_CLOSING },
      { name: "Hebebühne 2", ...WORK },
      { name: "Mechaniker:in 2", ...WORK },
    ]);
    expect(await trail(id)).toEqual([
      {
        action: "resources",
        actor: "lehrling@happycar.example",
        reason: "Hebebühne 1, Mechaniker:in 1, Ersatzwagen → Hebebühne 2, Mechaniker:in 2, Ersatzwagen",
        oldStatus: "beantragt",
      },
    ]);
    // The freed lift takes another appointment at that time again.
    expect((await placed()).id).toBeDefined();

    expect(await move(id, ["Ersatzwagen", "Mechaniker:in 2", "Hebebühne 2"])).toMatchObject({ ok: true, value: { changed: false } });
    expect(await trail(id)).toHaveLength(1);
  });

  it("refuses a wrong set with its own German words (400) and changes nothing", async () => {
    const { id } = await placed();
    const unchanged = await holdsOf(id);
    const refusals = [
      [
        ["Hebebühne 2", crypto.randomUUID()],
        "Eine gewählte Ressource gibt es in der Werkstatt nicht (mehr). Bitte laden Sie die Seite neu.",
      ],
      [["Hebebühne 2", "kein-uuid"], "Eine gewählte Ressource gibt es in der Werkstatt nicht (mehr). Bitte laden Sie die Seite neu."],
      [["§57a-Prüfplatz", "Mechaniker:in 2"], "Dieser Termin braucht keinen §57a-Prüfplatz („§57a-Prüfplatz“)."],
      [["Hebebühne 2", "Mechaniker:in 2", "Ersatzwagen"], "Für diesen Termin wurde kein Ersatzwagen gewünscht („Ersatzwagen“)."],
      [["Hebebühne 1", "Hebebühne 2", "Mechaniker:in 2"], "Bitte wählen Sie nur eine Hebebühne."],
      [["Hebebühne alt", "Mechaniker:in 2"], "„Hebebühne alt“ ist deaktiviert und wird keinem Termin mehr zugeordnet."],
      [["Hebebühne 2"], "Bitte wählen Sie eine Mechaniker:in."],
      [[], "Bitte wählen Sie eine Hebebühne."],
    ] as const;
    for (const [names, message] of refusals) {
      const result = await move(id, [...names]);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect([result.code, holdRefusal(result)]).toEqual(["invalidResources", message]);
    }
    const withCar = await placed({ time: "11:00", courtesyCar: true });
    const noCar = await move(withCar.id, ["Hebebühne 2", "Mechaniker:in 2"]);
    expect(!noCar.ok && holdRefusal(noCar)).toBe("Bitte wählen Sie einen Ersatzwagen: Die Kundin oder der Kunde hat einen gewünscht.");
    expect(await holdsOf(id)).toEqual(unchanged);
    expect(await trail(id)).toEqual([]);
  });

  it("refuses a resource another appointment holds or that is absent then (409 resourceTaken); back to back is fine", async () => {
    const { id } = await placed();
    // 10:00–10:30 takes Hebebühne 2 and Mechaniker:in 2; at 10:30 Hebebühne 1 again (back to back with the first).
    await placed();
    const taken = await move(id, ["Hebebühne 2", "Mechaniker:in 1"]);
    expect(!taken.ok && [taken.code, holdRefusal(taken)]).toEqual([
      "resourceTaken",
      "„Hebebühne 2“ ist zu dieser Zeit schon einem anderen Termin zugeordnet. Es wurde nichts geändert.",
    ]);
    await database.db
      .insert(resourceAbsences)
      .values({ resourceId: ids["Mechaniker:in 3"]!, fromDate: DAY, toDate: DAY, startTime: null, reason: "Urlaub" });
    const absent = await move(id, ["Hebebühne 1", "Mechaniker:in 3"]);
    expect(!absent.ok && holdRefusal(absent)).toBe("„Mechaniker:in 3“ ist zu dieser Zeit abwesend. Es wurde nichts geändert.");
    expect((await holdsOf(id)).map((hold) => hold.name)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);

    const later = await placed({ time: "10:30" });
    expect((await holdsOf(later.id)).map((hold) => hold.name)).toEqual(["Hebebühne 1", "Mechaniker:in 1"]);
    const third = await placed({ time: "09:30" });
    // 09:30–10:00 ends as the first starts on Hebebühne 1 with Mechaniker:in 1.
    expect(await move(third.id, ["Hebebühne 1", "Mechaniker:in 1"])).toMatchObject({ ok: true, value: { changed: true } });
  });

  it("refuses a cancelled appointment (409 conflict) and an unknown one (404)", async () => {
    const { id } = await placed();
    await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, id));
    const cancelled = await move(id, ["Hebebühne 2", "Mechaniker:in 2"]);
    expect(!cancelled.ok && [cancelled.code, holdRefusal(cancelled)]).toEqual([
      "conflict",
      "Dieser Termin ist storniert: Ihm wird nichts mehr zugeordnet.",
    ]);
    expect(await holdsOf(id)).toEqual([]);
    expect(
      await moveAppointmentResources(database.db, { id: crypto.randomUUID(), admin: staff, resourceIds: [], workshop: siteVisitFacts }),
    ).toEqual({
      ok: false,
      code: "notFound",
    });
  });

  describe("over HTTP (any admin, no step-up)", () => {
    const app = useApiApp(database);
    const patch = async (id: string, body: unknown, cookie: string) => {
      const response = await app.request(`/api/v1/admin/appointments/${id}/resources`, {
        method: "PATCH",
        json: body,
        cookie,
      });
      return [response.status, await response.json()];
    };

    it("GET names the holds and the wish; PATCH moves with staff's session and answers each refusal with its code", async () => {
      const { id } = await placed({ courtesyCar: true });
      // A staff session whose password check is long past: moving needs no step-up.
      const cookie = await sessionCookieOf(database.db, staff.id, new Date(Date.now() - 30 * 60_000));
      const details = (await (await app.request(`/api/v1/admin/appointments/${id}`, { cookie })).json()) as {
        appointment: { courtesyCar: boolean; resources: Array<{ name: string; kind: ResourceKind }> };
      };
      expect(details.appointment.courtesyCar).toBe(true);
      expect(details.appointment.resources.map((resource) => resource.name)).toEqual(["Hebebühne 1", "Mechaniker:in 1", "Ersatzwagen"]);

      const set = (...names: string[]) => ({ resourceIds: names.map((name) => ids[name]) });
      expect(await patch(id, set("Hebebühne 2", "Mechaniker:in 1", "Ersatzwagen"), cookie)).toEqual([
        200,
        {
          id,
          changed: true,
          resources: [
            { id: ids["Hebebühne 2"], name: "Hebebühne 2", kind: "lift" },
            { id: ids["Mechaniker:in 1"], name: "Mechaniker:in 1", kind: "mechanic" },
            { id: ids.Ersatzwagen, name: "Ersatzwagen", kind: "courtesy_car" },
          ],
        },
      ]);
      expect(await patch(id, set("Hebebühne 2", "Mechaniker:in 1"), cookie)).toEqual([
        400,
        { error: "Bitte wählen Sie einen Ersatzwagen: Die Kundin oder der Kunde hat einen gewünscht.", code: "invalidResources" },
      ]);
      expect(await patch(id, { resourceIds: "Hebebühne 2" }, cookie)).toEqual([
        400,
        { error: "Bitte geben Sie „resourceIds“ als Liste der IDs an (höchstens 10).", code: "invalidResources" },
      ]);
      const other = await placed({ time: "10:00" });
      expect((await holdsOf(other.id)).map((hold) => hold.name)).toContain("Hebebühne 1");
      expect(await patch(id, set("Hebebühne 1", "Mechaniker:in 1", "Ersatzwagen"), cookie)).toEqual([
        409,
        {
          error: "„Hebebühne 1“ ist zu dieser Zeit schon einem anderen Termin zugeordnet. Es wurde nichts geändert.",
          code: "resourceTaken",
        },
      ]);
      await database.db.update(appointments).set({ status: "storniert" }).where(eq(appointments.id, id));
      expect(await patch(id, set("Hebebühne 2", "Mechaniker:in 1", "Ersatzwagen"), cookie)).toEqual([
        409,
        { error: "Dieser Termin ist storniert: Ihm wird nichts mehr zugeordnet.", code: "conflict" },
      ]);
      expect(await patch(crypto.randomUUID(), set("Hebebühne 2"), cookie)).toEqual([
        404,
        { error: "Der Termin existiert nicht (mehr).", code: "notFound" },
      ]);
      expect(await patch("kein-termin", set("Hebebühne 2"), cookie)).toEqual([404, { error: "Der Termin existiert nicht (mehr)." }]);
      const anonymous = await app.request(`/api/v1/admin/appointments/${id}/resources`, { method: "PATCH", json: set("Hebebühne 2") });
      expect(anonymous.status).toBe(401);
    });
  });

  describe("the details page (works without JavaScript)", () => {
    async function loaderOf(id: string) {
      const args = await routeArgs(new Request(`http://127.0.0.1/admin/termine/${id}`), { db: database.db });
      args.context.set(adminContext, staff);
      return detailsLoader({ ...args, params: { id } } as never);
    }
    function render(id: string, loaderData: unknown) {
      const Stub = createRoutesStub([
        { id: "details", path: "/admin/termine/:id", Component: AppointmentDetails as never, loader: () => loaderData },
      ]);
      return renderToStaticMarkup(
        createElement(Stub, { initialEntries: [`/admin/termine/${id}`], hydrationData: { loaderData: { details: loaderData } } }),
      );
    }
    async function post(id: string, fields: Record<string, string>) {
      const request = new Request(`http://127.0.0.1/admin/termine/${id}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "resources", ...fields }),
      });
      const args = await routeArgs(request, { db: database.db });
      args.context.set(adminContext, staff);
      return (await detailsAction({ ...args, params: { id } } as never)) as unknown as {
        data: Record<string, unknown>;
        init: { status?: number } | null;
      };
    }

    it("shows the holds, the wish and a select per kind with taken ones marked; the form moves them", async () => {
      const { id } = await placed({ courtesyCar: true });
      await placed({ time: "10:00" });
      const html = render(id, await loaderOf(id));
      expect(html).toContain("Ersatzwagen gewünscht");
      expect(html).toContain("Zugeordnet");
      expect(html).toContain("Hebebühne 1 · Mechaniker:in 1 · Ersatzwagen");
      expect(html).toContain('name="resource-lift"');
      expect(html).toContain('name="resource-mechanic"');
      expect(html).toContain('name="resource-courtesy_car"');
      expect(html).toContain(`<option value="${ids["Hebebühne 2"]}" disabled="">Hebebühne 2 – belegt</option>`);
      expect(html).toContain(`<option value="${ids["Mechaniker:in 3"]}">Mechaniker:in 3</option>`);
      expect(html).toContain("Zuordnung ändern");
      expect(html).not.toContain("zugeordnet</p>");

      const moved = await post(id, {
        "resource-lift": ids["Hebebühne 1"]!,
        "resource-mechanic": ids["Mechaniker:in 3"]!,
        "resource-courtesy_car": ids.Ersatzwagen!,
      });
      expect(moved.data).toEqual({
        ok: true,
        intent: "resources",
        title: "Zuordnung geändert",
        description: "Der Termin hält jetzt: Hebebühne 1 · Mechaniker:in 3 · Ersatzwagen.",
      });
      const refused = await post(id, { "resource-lift": ids["Hebebühne 2"]!, "resource-mechanic": ids["Mechaniker:in 3"]! });
      expect([refused.init?.status, refused.data.message]).toEqual([
        400,
        "Die Zuordnung konnte nicht geändert werden. Bitte wählen Sie einen Ersatzwagen: Die Kundin oder der Kunde hat einen gewünscht.",
      ]);
      const after = render(id, await loaderOf(id));
      expect(after).toContain("Hebebühne 1 · Mechaniker:in 3 · Ersatzwagen");
      expect(after).toContain("Zuordnung geändert");
    });

    it("warns when an active appointment holds nothing", async () => {
      const row = await insertAppointment(database.db, { date: DAY, time: "10:00", service: "Ölwechsel", durationMinutes: 30 });
      const html = render(row.id, await loaderOf(row.id));
      expect(html).toContain("Keine Hebebühne und keine Mechaniker:in zugeordnet");
      expect(html).toContain(holdMessages.missingAdvice);
      expect(html).toContain(">Bitte wählen</option>");
    });
  });
}

describe.each(testDatabaseKinds)("an appointment's resources on %s", (kind) => suite(kind));
