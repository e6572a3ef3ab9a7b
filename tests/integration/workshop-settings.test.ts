import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { openDatabase } from "~/db/client.server";
import { appointments, workshopChanges, workshopSettings } from "~/db/schema";
import type { WorkshopFacts } from "~/domain/workshop";
import { workshopMessages } from "~/messages";
import { workshopFacts } from "~/services/workshop-facts.server";
import { startApiApp } from "../support/api-app";
import { isDatabaseAvailable, testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, ownerAndStaffSessions, sessionCookieOf } from "../support/factories";
import { useApiApp, useEnv, useTestDatabase } from "../support/fixtures";

type View = {
  facts: WorkshopFacts;
  version: number;
  envLocked: Record<string, { variable: string; value: unknown }>;
  outsideHours: Array<{ id: string }>;
};

describe.each(testDatabaseKinds)("/api/v1/admin/workshop on %s", (kind) => {
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  let cookieOf: (admin: AdminIdentity) => string | undefined;
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  beforeEach(async () => {
    ({ owner, staff, cookieOf } = await ownerAndStaffSessions(database.db));
  });

  const get = async (admin: AdminIdentity, path = "") => {
    const response = await app.request(`/api/v1/admin/workshop${path}`, { cookie: cookieOf(admin) });
    expect(response.status).toBe(200);
    return response.json();
  };
  const put = (admin: AdminIdentity, body: unknown) =>
    app.request("/api/v1/admin/workshop", { method: "PUT", json: body, cookie: cookieOf(admin) });

  it("a new database answers app/config/site.ts's facts, to staff too; nobody logged in gets 401", async () => {
    const view = (await get(staff)) as View;
    expect(view.version).toBe(0);
    expect(view.facts.workshop.street).toBe(site.address.street);
    expect(view.facts.workshop.phones[0]).toEqual({ label: "Werkstatt", number: site.phones[0].display });
    expect(view.facts.hours[6]).toEqual({ open: "09:00", close: "14:00", breakFrom: null, breakTo: null });
    expect(view.facts.hours[0]).toBeNull();
    expect(view.facts.services.map((service) => service.id)).toContain("57a-ueberpruefung");
    expect(view.facts.services.find((service) => service.id === "57a-ueberpruefung")).toMatchObject({
      name: "§57a Überprüfung",
      durationSteps: 2,
      needs: ["inspection", "mechanic"],
      bookable: true,
      retired: false,
    });
    expect(view.facts.bookingRules.cancelCutoffHours).toBe(24);
    expect((await app.request("/api/v1/admin/workshop")).status).toBe(401);
  });

  it("the owner changes a phone number: stored, answered, and in the history with who, old and new", async () => {
    const view = (await get(owner)) as View;
    const phones = [{ label: "Werkstatt", number: "01 999 88 77" }, view.facts.workshop.phones[1]];
    const response = await put(owner, { workshop: { ...view.facts.workshop, phones } });
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved.version).toBe(1);
    expect(saved.changes).toEqual([{ field: "workshop.phones", oldValue: view.facts.workshop.phones, newValue: phones }]);

    const again = (await get(staff)) as View;
    expect(again.facts.workshop.phones[0]!.number).toBe("01 999 88 77");
    expect(again.facts.imprint).toEqual(view.facts.imprint);

    const { history } = await get(staff, "/history");
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actor: "owner@happycar.example",
      field: "workshop.phones",
      oldValue: view.facts.workshop.phones,
      newValue: phones,
    });
    expect(Date.now() - new Date(history[0].changedAt).getTime()).toBeLessThan(60_000);
  });

  it("staff read but may not change (403), and nothing is stored", async () => {
    const view = (await get(staff)) as View;
    const response = await put(staff, { workshop: { ...view.facts.workshop, city: "Graz" } });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe(workshopMessages.ownerOnly);
    expect(await database.db.$count(workshopSettings)).toBe(0);
    expect(await database.db.$count(workshopChanges)).toBe(0);
  });

  it("refuses bad values with a German message per field and stores nothing", async () => {
    const view = (await get(owner)) as View;
    const response = await put(owner, {
      workshop: { ...view.facts.workshop, postalCode: "11", email: "kein-mail", phones: [] },
      hours: {
        ...view.facts.hours,
        6: { open: "14:00", close: "09:00" },
        1: { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: null },
      },
      bookingRules: { ...view.facts.bookingRules, horizonDays: 0, pickupPostalCodes: ["1100", "abc"] },
      services: view.facts.services.map((service, index) => (index === 0 ? { ...service, durationSteps: 0 } : service)),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe(workshopMessages.invalid);
    expect(body.fields).toMatchObject({
      "workshop.postalCode": workshopMessages.postalCode,
      "workshop.email": workshopMessages.email,
      "workshop.phones": workshopMessages.phones,
      "hours.6.close": workshopMessages.hoursOrder,
      "hours.1.breakFrom": workshopMessages.hoursBreak,
      "bookingRules.horizonDays": workshopMessages.horizonDays,
      "bookingRules.pickupPostalCodes.1": workshopMessages.pickupPostalCodes,
      "services.0.durationSteps": workshopMessages.serviceDuration,
    });
    expect(await database.db.$count(workshopSettings)).toBe(0);
  });

  it("services: a renamed one keeps its id and the appointments keep the name they were booked with; a new one gets an id; none is deleted", async () => {
    const booked = await insertAppointment(database.db, { service: "Reifenservice", date: "2031-03-04", time: "09:00" });
    const view = (await get(owner)) as View;
    const services = view.facts.services.map((service) =>
      service.id === "reifenservice" ? { ...service, name: "Reifenwechsel", priceFrom: 39.9 } : service,
    );
    services.unshift({
      name: "Klimaservice",
      description: "Klimaanlage prüfen und befüllen.",
      durationSteps: 2,
      bookable: true,
      needs: ["mechanic"],
      priceFrom: null,
      retired: false,
    } as never);
    const saved = await (await put(owner, { services })).json();
    expect(saved.facts.services[0]).toMatchObject({ id: "klimaservice", name: "Klimaservice", durationSteps: 2 });
    expect(saved.facts.services.find((service: { id: string }) => service.id === "reifenservice")).toMatchObject({
      name: "Reifenwechsel",
      priceFrom: 39.9,
    });
    const [stored] = await database.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(stored!.service).toBe("Reifenservice");

    // Retired: off the form, kept with its id.
    const retired = saved.facts.services.map((service: { id: string }) =>
      service.id === "elektrik" ? { ...service, retired: true } : service,
    );
    const afterRetire = await (await put(owner, { services: retired })).json();
    expect(afterRetire.facts.services.find((service: { id: string }) => service.id === "elektrik").retired).toBe(true);

    // Left out: refused, with the name of the one missing.
    const missing = await put(owner, { services: retired.filter((service: { id: string }) => service.id !== "wartung") });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields.services).toBe(workshopMessages.serviceMissing("Wartung"));
    // An id that is none.
    const unknown = await put(owner, { services: [...retired, { ...retired[1], id: "gibt-es-nicht", name: "Neu" }] });
    expect(unknown.status).toBe(400);
  });

  it("hours that exclude a booked appointment list it and keep it (Saturday until 13:00, a lunch break)", async () => {
    // 2031-03-08 is a Saturday, 2031-03-04 a Tuesday.
    const late = await insertAppointment(database.db, { date: "2031-03-08", time: "13:00", durationMinutes: 30, status: "bestätigt" });
    const early = await insertAppointment(database.db, { date: "2031-03-08", time: "12:00", durationMinutes: 60 });
    const lunch = await insertAppointment(database.db, { date: "2031-03-04", time: "12:00", durationMinutes: 30 });
    await insertAppointment(database.db, { date: "2031-03-04", time: "12:00", status: "storniert" });
    const view = (await get(owner)) as View;
    expect(view.outsideHours).toEqual([]);
    const response = await put(owner, {
      hours: {
        ...view.facts.hours,
        2: { open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" },
        6: { open: "09:00", close: "13:00" },
      },
    });
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved.outsideHours.map((row: { id: string }) => row.id)).toEqual([lunch.id, late.id]);
    expect(saved.outsideHours.map((row: { id: string }) => row.id)).not.toContain(early.id);
    expect(await database.db.$count(appointments)).toBe(4);
    expect(((await get(staff)) as View).outsideHours).toHaveLength(2);
  });

  describe("an environment variable wins", () => {
    useEnv({ SELF_CANCEL_CUTOFF_HOURS: "6", WORKSHOP_EMAIL: "chef@werkstatt.at" });

    it("GET marks the field with the variable and its value; a PUT of another value is 400 naming it; the same value passes", async () => {
      const view = (await get(owner)) as View;
      expect(view.envLocked["bookingRules.cancelCutoffHours"]).toEqual({ variable: "SELF_CANCEL_CUTOFF_HOURS", value: 6 });
      expect(view.envLocked["email.noticeAddress"]).toEqual({ variable: "WORKSHOP_EMAIL", value: "chef@werkstatt.at" });
      expect(view.facts.bookingRules.cancelCutoffHours).toBe(6);

      const refused = await put(owner, { bookingRules: { ...view.facts.bookingRules, cancelCutoffHours: 12 } });
      expect(refused.status).toBe(400);
      const body = await refused.json();
      expect(body.error).toContain("SELF_CANCEL_CUTOFF_HOURS");
      expect(body.fields["bookingRules.cancelCutoffHours"]).toContain("SELF_CANCEL_CUTOFF_HOURS");
      expect(await database.db.$count(workshopSettings)).toBe(0);

      const passed = await put(owner, { bookingRules: { ...view.facts.bookingRules, horizonDays: 60 } });
      expect(passed.status).toBe(200);
    });
  });
});

describe.skipIf(!isDatabaseAvailable("postgres"))("two app instances on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  const app = useApiApp(database);
  let second: Awaited<ReturnType<typeof openDatabase>> | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  it("a change made through one is seen by the other within 5 seconds, without a restart", async () => {
    const owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", displayName: "Chefin", role: "owner" });
    const cookie = await sessionCookieOf(database.db, owner.id);
    second = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 2 });
    // The second instance has the facts in its memory.
    expect((await workshopFacts(second.db)).workshop.phones[0]!.number).toBe(site.phones[0].display);

    const view = await (await app.request("/api/v1/admin/workshop", { cookie })).json();
    const phones = [{ label: "Werkstatt", number: "01 555 44 33" }];
    const changed = await app.request("/api/v1/admin/workshop", {
      method: "PUT",
      json: { workshop: { ...view.facts.workshop, phones } },
      cookie,
    });
    expect(changed.status).toBe(200);
    const savedAt = Date.now();
    let seen = "";
    while (Date.now() - savedAt < 5_000) {
      seen = (await workshopFacts(second.db)).workshop.phones[0]!.number;
      if (seen === "01 555 44 33") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBe("01 555 44 33");
    expect(Date.now() - savedAt).toBeLessThan(5_000);
  });

  it("a new service is bookable through the second instance's API within 5 seconds", async () => {
    const owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", displayName: "Chefin", role: "owner" });
    const cookie = await sessionCookieOf(database.db, owner.id);
    second = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 2 });
    const secondApp = await startApiApp(second.db);
    try {
      const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const slots = () => secondApp.request(`/api/v1/slots?date=${date}&service=Klimaservice`);
      expect((await slots()).status).toBe(400);
      const view = await (await app.request("/api/v1/admin/workshop", { cookie })).json();
      const klima = {
        name: "Klimaservice",
        description: "Klimaanlage prüfen.",
        durationSteps: 2,
        bookable: true,
        needs: ["mechanic"],
        priceFrom: null,
      };
      const changed = await app.request("/api/v1/admin/workshop", {
        method: "PUT",
        json: { services: [...view.facts.services, klima] },
        cookie,
      });
      expect(changed.status).toBe(200);
      const savedAt = Date.now();
      let status = 0;
      while (Date.now() - savedAt < 5_000 && status !== 200) {
        status = (await slots()).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      expect(Date.now() - savedAt).toBeLessThan(5_000);
    } finally {
      await secondApp.close();
    }
  });
});
