import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The facts of 'Einstellungen' (issue 29) come from the facts, not from app/config/site.ts, whose
 * values only seed a new database: eslint.config.js refuses the reads, as `npm run lint` runs it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });

const FACTS_MESSAGE = "A fact of 'Einstellungen' (issue 29)";

/** How many reads of a fact ESLint reports in `expression`, written in the file at `filePath`. */
async function factReads(filePath: string, expression: string): Promise<number> {
  const code = `import { site } from "~/config/site";\nexport const value = ${expression};\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.message.startsWith(FACTS_MESSAGE)).length;
}

describe("the facts of 'Einstellungen' are read from the facts (npm run lint)", () => {
  it.each([
    ["app/routes/admin/planner.tsx", "site.phones[0].display"],
    ["server/api/appointments.ts", "site.phones[0].display"],
    ["app/routes/reminder-unsubscribe.tsx", "site.email"],
    ["app/services/contact.server.ts", "site.mail.noticeAddress"],
    ["app/auth/password-policy.server.ts", "site.legalName"],
    ["app/auth/password-policy.server.ts", "site.address.street"],
    ["app/routes/site/imprint.tsx", "{ ...site.legal }"],
    ["app/routes/site/imprint.tsx", "site.legal.vatId"],
    ["app/services/customer-appointment.server.ts", "site.booking.selfCancelHoursBefore"],
    ["app/services/reminders.server.ts", "site.booking.reminderHoursBefore"],
    ["app/messages.ts", "site.booking.maxOpenRequestsPerEmail"],
    ["app/services/booking.server.ts", "site.booking.pickupsPerDay"],
    // The hours, the services and the booking window of 'Einstellungen' (the slots read slotRulesOf(facts)).
    ["app/domain/slots.ts", "site.openingHours"],
    ["app/services/placement.server.ts", "site.services"],
    ["app/components/booking/booking-section.tsx", "site.booking.leadTimeMinutes"],
    ["app/services/booking.server.ts", "site.booking.horizonDays"],
    ["app/services/booking.server.ts", "site.booking.fewFreeSlots"],
  ])("%s may not read %s", async (file, expression) => {
    expect(await factReads(file, expression)).toBe(1);
  });

  it.each([
    // The defaults of a new database.
    ["app/domain/workshop.ts", "site.phones[0].display"],
    ["app/domain/workshop.ts", "site.booking.reminderHoursBefore"],
    // Constants: the brand, the country, the trade's words, the rules that are no facts.
    ["app/routes/admin/planner.tsx", "site.timeZone"],
    ["app/lib/seo.ts", "site.name"],
    ["app/lib/public-facts.ts", "site.address.country"],
    ["app/routes/site/imprint.tsx", "site.legal.businessPurpose"],
    ["app/services/customer-appointment.server.ts", "site.booking.selfServiceDaysAfter"],
    ["app/schemas/slot-time.ts", "site.booking.slotMinutes"],
    // A test may build on the defaults.
    ["app/schemas/booking.test.ts", "site.phones[0].display"],
  ])("%s may read %s", async (file, expression) => {
    expect(await factReads(file, expression)).toBe(0);
  });
});
