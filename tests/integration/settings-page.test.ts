import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { adminContext } from "~/context";
import { appointments } from "~/db/schema";
import { workshopMessages } from "~/messages";
import { readWorkshopFacts } from "~/services/workshop-facts.server";
import { action, loader } from "../../app/routes/admin/settings";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";

/** The plain form posts of 'Einstellungen' (no JavaScript), through the route's action and loader. */
describe.each(testDatabaseKinds)("'Einstellungen' without JavaScript on %s", (kind) => {
  const database = useTestDatabase(kind);
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", role: "owner" });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", role: "staff" });
  });

  async function post(admin: AdminIdentity, fields: Record<string, string>) {
    const request = new Request("http://127.0.0.1/admin/einstellungen", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const args = await routeArgs(request, { db: database.db });
    args.context.set(adminContext, admin);
    const answer = (await action(args as never)) as unknown as { data: Record<string, unknown>; init: { status: number } };
    return { status: answer.init.status, ...answer.data } as {
      status: number;
      ok: boolean;
      message: string;
      fields?: Record<string, string>;
      outsideHours?: number;
    };
  }

  async function load(admin: AdminIdentity) {
    const args = await routeArgs(new Request("http://127.0.0.1/admin/einstellungen"), { db: database.db });
    args.context.set(adminContext, admin);
    return loader(args as never);
  }

  /** The hours form as the page fills it, with `changes` over it. */
  function hoursForm(changes: Record<string, string>) {
    const fields: Record<string, string> = { intent: "hours" };
    for (let day = 0; day < 7; day++) {
      const hours = site.openingHours[day as keyof typeof site.openingHours] as { open: string; close: string } | null;
      if (!hours) fields[`closed${day}`] = "on";
      fields[`open${day}`] = hours?.open ?? "";
      fields[`close${day}`] = hours?.close ?? "";
      fields[`breakFrom${day}`] = "";
      fields[`breakTo${day}`] = "";
    }
    return { ...fields, ...changes };
  }

  it("the owner shortens Saturday: saved, and the appointment it excludes is listed and kept", async () => {
    // 2031-03-08 is a Saturday.
    const booked = await insertAppointment(database.db, { date: "2031-03-08", time: "13:00", status: "bestätigt" });
    const answer = await post(owner, hoursForm({ close6: "13:00", breakFrom2: "12:00", breakTo2: "13:00" }));
    expect(answer).toMatchObject({ status: 200, ok: true, message: workshopMessages.saved, outsideHours: 1 });
    const { facts } = await readWorkshopFacts(database.db);
    expect(facts.hours[6]).toEqual({ open: "09:00", close: "13:00", breakFrom: null, breakTo: null });
    expect(facts.hours[2]).toEqual({ open: "08:00", close: "18:00", breakFrom: "12:00", breakTo: "13:00" });
    const page = await load(staff);
    expect(page.canChange).toBe(false);
    expect(page.outsideHours.map((row) => row.id)).toEqual([booked.id]);
    expect(await database.db.$count(appointments)).toBe(1);
    expect(page.history.map((entry) => entry.field).sort()).toEqual(["hours.2", "hours.6"]);
  });

  it("staff may not post (403) and nothing is stored", async () => {
    const answer = await post(staff, hoursForm({ close6: "13:00" }));
    expect(answer).toMatchObject({ status: 403, ok: false, message: workshopMessages.ownerOnly });
    expect((await readWorkshopFacts(database.db)).version).toBe(0);
  });

  it("a bad field answers 400 with its German message under the field's key; nothing is stored", async () => {
    const answer = await post(owner, {
      intent: "workshop",
      legalName: "Happy Car GmbH",
      street: "Favoritenstraße 1",
      postalCode: "11",
      city: "Wien",
      phoneLabel0: "Werkstatt",
      phoneNumber0: "01 999 88 77",
      email: "office@happycar.at",
      latitude: "48,17",
      longitude: "16.38",
    });
    expect(answer).toMatchObject({ status: 400, ok: false, fields: { "workshop.postalCode": workshopMessages.postalCode } });
    expect((await readWorkshopFacts(database.db)).version).toBe(0);
  });

  /** The services form as the page fills it (positions from 2, so a new one may go first). */
  async function servicesForm() {
    const { facts } = await readWorkshopFacts(database.db);
    const fields: Record<string, string> = { intent: "services", serviceCount: String(facts.services.length) };
    facts.services.forEach((service, index) => {
      fields[`id_${index}`] = service.id;
      fields[`position_${index}`] = String(index + 2);
      fields[`name_${index}`] = service.name;
      fields[`description_${index}`] = service.description;
      fields[`durationSteps_${index}`] = String(service.durationSteps);
      fields[`combinedSteps_${index}`] = service.combinedSteps === null ? "" : String(service.combinedSteps);
      if (service.bookable) fields[`bookable_${index}`] = "on";
      for (const need of service.needs) fields[`needs_${index}_${need}`] = "on";
    });
    return { facts, fields };
  }

  it("the services form renames one, retires one, reorders, and adds 'Klimaservice' at 60 minutes; ids stay", async () => {
    const { facts, fields } = await servicesForm();
    fields.name_1 = "§57a-Begutachtung";
    fields.durationSteps_1 = "3";
    fields.retired_4 = "on";
    Object.assign(fields, {
      position_new: "1",
      name_new: "Klimaservice",
      description_new: "Klimaanlage prüfen und befüllen.",
      durationSteps_new: "2",
      bookable_new: "on",
      needs_new_mechanic: "on",
      priceFrom_new: "89,50",
    });
    const answer = await post(owner, fields);
    expect(answer).toMatchObject({ status: 200, ok: true });
    const after = (await readWorkshopFacts(database.db)).facts.services;
    expect(after[0]).toMatchObject({ id: "klimaservice", name: "Klimaservice", durationSteps: 2, priceFrom: 89.5, needs: ["mechanic"] });
    expect(after[2]).toMatchObject({
      id: "57a-ueberpruefung",
      name: "§57a-Begutachtung",
      durationSteps: 3,
      needs: ["inspection", "mechanic"],
    });
    expect(after.find((service) => service.id === facts.services[4]!.id)!.retired).toBe(true);
    expect(after).toHaveLength(facts.services.length + 1);
  });

  it("the services form sets a service's combined time (§57a: 1 of its 2 half hours), blank clears it; more than its duration is 400 under the field", async () => {
    const { fields } = await servicesForm();
    const combined = async () => (await readWorkshopFacts(database.db)).facts.services[1]!;
    expect(await post(owner, { ...fields, combinedSteps_1: "1" })).toMatchObject({
      status: 200,
      ok: true,
      message: workshopMessages.saved,
    });
    expect(await combined()).toMatchObject({ id: "57a-ueberpruefung", durationSteps: 2, combinedSteps: 1 });
    expect((await load(staff)).history.map((entry) => [entry.field, entry.oldValue, entry.newValue])).toEqual([
      ["services.57a-ueberpruefung.combinedSteps", null, 1],
    ]);

    const refused = await post(owner, { ...fields, combinedSteps_1: "3" });
    expect(refused).toMatchObject({ status: 400, ok: false, fields: { "services.1.combinedSteps": workshopMessages.serviceCombined } });
    expect((await combined()).combinedSteps).toBe(1);

    expect(await post(owner, { ...fields, combinedSteps_1: " " })).toMatchObject({ status: 200, ok: true });
    expect((await combined()).combinedSteps).toBeNull();
  });
});
