import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { BookingSection } from "~/components/booking/booking-section";
import { PublicFactsProvider } from "~/components/site/public-facts-context";
import { parseEnv } from "~/config/env.server";
import { adminContext } from "~/context";
import { exampleFields, type WorkshopFacts } from "~/domain/workshop";
import { renderEmail } from "~/mail/templates";
import { composeMail, type OutboxMessage } from "~/mail/transports.server";
import { createMailWorker } from "~/mail/worker.server";
import { requestAppointment } from "~/services/booking.server";
import { publicWorkshopFacts } from "~/services/public-facts.server";
import { changeWorkshopFacts, readWorkshopFacts, workshopFacts } from "~/services/workshop-facts.server";
import { loader as boardLoader } from "../../app/routes/admin/board";
import { loader as bookingLoader } from "../../app/routes/booking";
import ReminderUnsubscribePage from "../../app/routes/reminder-unsubscribe";
import { loader as sitemapLoader } from "../../app/routes/seo/sitemap";
import PrivacyPage from "../../app/routes/site/privacy";
import { bookingRequest, testBookingConfig } from "../support/booking-config";
import { createTestDatabase, isDatabaseAvailable, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { changeFacts, createAdminIdentity } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { routeArgs } from "../support/route-args";
import { type ServerProcess, startServer } from "../support/server-process";

const NEW_PHONE = "01 604 22 11";

/** The Impressum and contact facts replaced: nothing of app/config/site.ts's examples left (go-live). */
function liveSections(facts: WorkshopFacts) {
  return {
    workshop: {
      ...facts.workshop,
      legalName: "Brenner KFZ GmbH",
      street: "Laxenburger Straße 80",
      postalCode: "1100",
      phones: [{ label: "Werkstatt", number: NEW_PHONE }],
      email: "office@brenner-kfz.at",
      latitude: 48.1702,
      longitude: 16.3731,
    },
    imprint: { ...facts.imprint, companyRegister: "FN 98765x", vatId: "ATU87654321", managingDirector: "Eva Brenner" },
  };
}

/** 'Klimaservice' added at the end, 60 minutes, 'ab € 89'; 'Wartung' retired. */
function changedServices(facts: WorkshopFacts) {
  return [
    ...facts.services.map(({ id, name, description, durationSteps, combinedSteps, bookable, needs, priceFrom, retired }) => ({
      id,
      name,
      description,
      durationSteps,
      combinedSteps,
      bookable,
      needs: [...needs],
      priceFrom,
      retired: name === "Wartung" ? true : retired,
    })),
    {
      name: "Klimaservice",
      description: "Klimaanlage prüfen und befüllen.",
      durationSteps: 2,
      combinedSteps: null,
      bookable: true,
      needs: ["mechanic" as const],
      priceFrom: 89,
      retired: false,
    },
  ];
}

async function change(db: TestDatabase["db"], owner: AdminIdentity, change: Parameters<typeof changeWorkshopFacts>[1]["change"]) {
  const saved = await changeWorkshopFacts(db, { admin: owner, change, config: {}, now: new Date() });
  expect(saved.ok).toBe(true);
}

describe.each(testDatabaseKinds)("the public pages, the booking form, the sitemap and the e-mails read the facts on %s", (kind) => {
  const database = useTestDatabase(kind);
  let owner: AdminIdentity;
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", role: "owner" });
  });

  // What the public layout's loader hands every page (app/routes/site/layout.tsx imports the build's virtual modules).
  const layoutData = async () => (await publicWorkshopFacts(database.db)).facts;

  it("a new database is not live: the pages say noindex, the sitemap lists nothing, the board shows 'Vor dem Start'", async () => {
    expect((await layoutData()).preLaunch).toBe(true);
    const sitemap = await (
      await sitemapLoader((await routeArgs(new Request("http://127.0.0.1/sitemap.xml"), { db: database.db })) as never)
    ).text();
    expect(sitemap).not.toContain("<url>");
    const args = await routeArgs(new Request("http://127.0.0.1/admin"), { db: database.db });
    args.context.set(adminContext, owner);
    const board = (await boardLoader(args as never)) as { exampleFields: string[] };
    expect(board.exampleFields).toEqual([...exampleFields]);
  });

  it("after the owner replaced every example: live (no noindex, the sitemap lists the six pages, no 'Vor dem Start')", async () => {
    const { facts } = await readWorkshopFacts(database.db);
    await change(database.db, owner, liveSections(facts));
    const shown = await layoutData();
    expect(shown.preLaunch).toBe(false);
    expect(shown.mainPhone).toEqual({ label: "Werkstatt", display: NEW_PHONE, href: "tel:+4316042211" });
    expect(shown.fullAddress).toBe("Laxenburger Straße 80, 1100 Wien");
    const sitemap = await (
      await sitemapLoader((await routeArgs(new Request("http://127.0.0.1/sitemap.xml"), { db: database.db })) as never)
    ).text();
    expect(sitemap.match(/<url>/g)).toHaveLength(6);
    const args = await routeArgs(new Request("http://127.0.0.1/admin"), { db: database.db });
    args.context.set(adminContext, owner);
    expect(((await boardLoader(args as never)) as { exampleFields: string[] }).exampleFields).toEqual([]);
  });

  it("one example left (the phone) keeps the site not live and names only that", async () => {
    const { facts } = await readWorkshopFacts(database.db);
    const live = liveSections(facts);
    await change(database.db, owner, { ...live, workshop: { ...live.workshop, phones: facts.workshop.phones } });
    expect((await layoutData()).preLaunch).toBe(true);
    const args = await routeArgs(new Request("http://127.0.0.1/admin"), { db: database.db });
    args.context.set(adminContext, owner);
    expect(((await boardLoader(args as never)) as { exampleFields: string[] }).exampleFields).toEqual(["workshop.phones"]);
  });

  it("the booking form offers the bookable services in their order, a new one included and a retired one gone (also without JavaScript)", async () => {
    const { facts } = await readWorkshopFacts(database.db);
    await change(database.db, owner, {
      services: changedServices(facts),
      bookingRules: { ...facts.bookingRules, pickupsPerDay: 5, pickupPostalCodes: ["1100", "2340"] },
    });
    const home = await layoutData();
    expect(home.pickupsPerDay).toBe(5);
    expect(home.pickupPostalCodes).toEqual(["1100", "2340"]);
    expect(home.bookable.map((service) => service.name)).toEqual([
      "Reparaturen",
      "§57a Überprüfung",
      "Reifenservice",
      "Ölwechsel",
      "Elektrik",
      "Bremsenservice",
      "Klimaservice",
    ]);
    expect(home.bookable.find((service) => service.name === "Klimaservice")?.durationMinutes).toBe(60);
    expect(home.services.find((service) => service.name === "Klimaservice")?.priceFrom).toBe(89);
    expect(home.services.map((service) => service.name)).not.toContain("Wartung");
    // The no-JavaScript page: its island's services and the service the address asks for.
    const args = await routeArgs(new Request("http://127.0.0.1/termin-anfragen?datum=2030-01-07&leistung=Klimaservice"), {
      db: database.db,
    });
    const page = (await bookingLoader(args as never)) as Parameters<typeof BookingSection>[0];
    expect(page.services.map((service) => service.name)).toEqual(home.bookable.map((service) => service.name));
    expect(page.pickupsPerDay).toBe(5);
    // The pick-up area and the phone its refusal names reach the island (its hint, its check in the browser).
    expect(page).toMatchObject({ pickupPostalCodes: ["1100", "2340"], phone: "01 234 56 78" });
    expect(renderToStaticMarkup(createElement(BookingSection, page))).toContain(
      "Kostenlos für die PLZ 1100 und 2340, höchstens 5 Abholungen pro Tag.",
    );
    expect(page.initial?.service).toBe("Klimaservice");
    const retired = await routeArgs(new Request("http://127.0.0.1/termin-anfragen?leistung=Wartung"), { db: database.db });
    expect(((await bookingLoader(retired as never)) as { initial: { service?: string } }).initial.service).toBeUndefined();
  });

  it("/datenschutz names the cancel cutoff and the reminder hours of 'Einstellungen', the variables winning where set", async () => {
    await changeFacts(database.db, (facts) => ({ bookingRules: { ...facts.bookingRules, cancelCutoffHours: 2.5, reminderHours: 48 } }));
    const privacyPage = async (config: Parameters<typeof publicWorkshopFacts>[1]) => {
      const { facts } = await publicWorkshopFacts(database.db, config);
      return renderToStaticMarkup(
        createElement(MemoryRouter, null, createElement(PublicFactsProvider, { value: facts }, createElement(PrivacyPage))),
      );
    };
    const fromFacts = await privacyPage(parseEnv({}));
    expect(fromFacts).toContain("können ihn bis 2,5 Stunden vor Beginn selbst absagen");
    expect(fromFacts).toContain("schicken wir Ihnen etwa 48 Stunden vor Beginn eine Erinnerung");
    const fromEnv = await privacyPage(parseEnv({ SELF_CANCEL_CUTOFF_HOURS: "6", REMINDER_HOURS_BEFORE: "1" }));
    expect(fromEnv).toContain("können ihn bis 6 Stunden vor Beginn selbst absagen");
    expect(fromEnv).toContain("schicken wir Ihnen etwa 1 Stunde vor Beginn eine Erinnerung");
  });

  it("the §57a reminder's unsubscribe page names the phone and e-mail address of 'Einstellungen'", async () => {
    await changeFacts(database.db, (facts) => liveSections(facts));
    const html = renderToStaticMarkup(
      createElement(
        PublicFactsProvider,
        { value: await layoutData() },
        createElement(ReminderUnsubscribePage, { loaderData: { state: "active" } } as never),
      ),
    );
    expect(html).toContain(`Rufen Sie uns an unter <a href="tel:+4316042211">${NEW_PHONE}</a>`);
    expect(html).toContain('<a href="mailto:office@brenner-kfz.at">office@brenner-kfz.at</a>');
  });

  it("the next e-mail names the new phone and address, sent with the facts as they are then", async () => {
    const { facts } = await readWorkshopFacts(database.db);
    await change(database.db, owner, { ...liveSections(facts), email: { ...facts.email, senderName: "Brenner KFZ" } });
    const booked = await requestAppointment(database.db, bookingRequest("2030-01-07"), {
      now: new Date("2030-01-01T08:00:00Z"),
      clientIp: "203.0.113.9",
      config: testBookingConfig(),
    });
    expect(booked.ok).toBe(true);
    const sent: OutboxMessage[] = [];
    const worker = createMailWorker({
      db: database.db,
      transport: { name: "file", send: async (message) => void sent.push(message) },
      workshopFacts: () => workshopFacts(database.db),
    });
    await worker.runOnce();
    const receipt = sent.find((message) => message.template === "booking-received-customer");
    expect(receipt?.workshop?.workshop.phones[0]?.number).toBe(NEW_PHONE);
    const text = renderEmail(receipt!, "https://www.happycar.example", receipt!.workshop).text;
    expect(text).toContain(`Bei Fragen erreichen Sie uns telefonisch unter ${NEW_PHONE}.`);
    expect(text).toContain("Brenner KFZ GmbH · Laxenburger Straße 80, 1100 Wien");
    expect(text).not.toContain("01 234 56 78");
    // The sender name of 'Einstellungen' → E-Mail while MAIL_FROM is unset; MAIL_FROM wins where set.
    expect(composeMail(receipt!, undefined, "https://www.happycar.example").from).toEqual({
      name: "Brenner KFZ",
      address: "termine@happycar.example",
    });
    expect(composeMail(receipt!, "Werkstatt <post@example.at>", "https://www.happycar.example").from).toBe("Werkstatt <post@example.at>");
  });
});

/** Polls `check` until it holds or `ms` passed; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - start;
}

describe.skipIf(!isDatabaseAvailable("postgres"))("two production servers on one PostgreSQL (decision 048)", () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  let tmp: string;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hc-public-facts-"));
    for (const name of ["a", "b"]) {
      servers.push(
        await startServer({
          BUILD_DIR: inject("buildDir"),
          DATABASE_URL: database.url!,
          DATA_DIR: path.join(tmp, name),
          EMAIL_WORKER: "false",
        }),
      );
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const page = async (server: ServerProcess, pathname: string) => {
    const response = await fetch(`${server.origin}${pathname}`);
    expect(response.status, pathname).toBe(200);
    return response.text();
  };

  it("a change on 'Einstellungen' shows on every public page of both within 5 seconds: phone, JSON-LD, services, noindex, sitemap", async () => {
    // Both have rendered and kept the pages of the first facts.
    for (const server of servers) {
      for (const pathname of ["/", "/kontakt", "/impressum", "/datenschutz"]) {
        const html = await page(server, pathname);
        expect(html, pathname).toContain("01 234 56 78");
        expect(html, pathname).toContain('<meta name="robots" content="noindex"/>');
      }
      expect(await page(server, "/sitemap.xml")).not.toContain("<url>");
    }
    const owner = await createAdminIdentity(database.db, { email: "owner@happycar.example", role: "owner" });
    const { facts } = await readWorkshopFacts(database.db);
    await change(database.db, owner, {
      ...liveSections(facts),
      services: changedServices(facts),
      bookingRules: { ...facts.bookingRules, pickupsPerDay: 5 },
    });

    for (const server of servers) {
      const took = await within(5_000, async () => (await page(server, "/kontakt")).includes(NEW_PHONE));
      expect(took).toBeLessThan(5_000);
      const contact = await page(server, "/kontakt");
      expect(contact).not.toContain("01 234 56 78");
      expect(contact).toContain('href="tel:+4316042211"');
      expect(contact).toContain("Laxenburger Straße 80, 1100 Wien");
      expect(contact).not.toContain('content="noindex"');
      const home = await page(server, "/");
      // JSON-LD, the services section with its price, the booking island's select and its props.
      expect(home).toContain('"telephone":"+4316042211"');
      expect(home).toContain('"legalName":"Brenner KFZ GmbH"');
      expect(home).toContain("ab € 89");
      expect(home).toContain('<option value="Klimaservice">Klimaservice</option>');
      expect(home).not.toContain('<option value="Wartung">');
      expect(home).toContain("&quot;name&quot;:&quot;Klimaservice&quot;");
      expect(home).toContain("höchstens 5 Abholungen pro Tag");
      expect(await page(server, "/impressum")).toContain("FN 98765x");
      expect((await page(server, "/sitemap.xml")).match(/<url>/g)).toHaveLength(6);
    }
  });
});
