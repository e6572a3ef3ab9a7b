import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.js (docs/decisions/028), run as `npm run lint` runs them: each
 * forbidden import is an error in the file named, each allowed one is not.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });

/** The layer messages ESLint reports for `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

const importOf = (source: string) => `import { x } from "${source}";\nexport const y = x;\n`;

/** [file, import] pairs the rules refuse. */
const forbidden: Array<[string, string]> = [
  // The domain: pure rules, no I/O, no clock, no wording.
  ["app/domain/slots.ts", "~/db/client.server"],
  ["app/domain/slots.ts", "../db/schema"],
  ["app/domain/slots.ts", "~/mail/outbox.server"],
  ["app/domain/slots.ts", "~/auth/session.server"],
  ["app/domain/slots.ts", "~/services/booking.server"],
  ["app/domain/slots.ts", "~/messages"],
  ["app/domain/slots.ts", "../messages"],
  ["app/domain/slots.ts", "~/lib/format-date"],
  ["app/domain/slots.ts", "~/lib/logger.server"],
  ["app/domain/slots.ts", "~/schemas/booking"],
  ["app/domain/slots.ts", "~/config/env.server"],
  ["app/domain/slots.ts", "~/context"],
  ["app/domain/slots.ts", "node:crypto"],
  ["app/domain/slots.ts", "drizzle-orm"],
  ["app/domain/slots.ts", "pg"],
  ["app/domain/slots.ts", "zod"],
  ["app/domain/slots.ts", "react"],
  // Database, e-mail and sessions call no use-case.
  ["app/db/schema.ts", "~/services/booking.server"],
  ["app/db/schema.ts", "../services/booking.server"],
  ["app/db/schema.ts", "~/mail/outbox.server"],
  ["app/db/schema.ts", "~/auth/session.server"],
  ["app/mail/outbox.server.ts", "~/services/reminders.server"],
  ["app/mail/templates/booking.tsx", "../../services/booking.server"],
  ["app/auth/session.server.ts", "~/services/admin-accounts.server"],
  ["app/auth/session.server.ts", "~/routes/admin/login"],
  // Helpers, configuration and schemas lie below the services.
  ["app/lib/format-date.ts", "~/services/appointment-queries.server"],
  ["app/lib/format-date.ts", "../services/appointment-queries.server"],
  ["app/lib/format-date.ts", "~/db/client.server"],
  ["app/lib/format-date.ts", "~/components/ui/button"],
  ["app/config/site.ts", "~/services/booking.server"],
  ["app/schemas/booking.ts", "~/services/booking.server"],
  ["app/schemas/booking.ts", "~/db/schema"],
  // The schemas import the wording, never the other way round.
  ["app/messages.ts", "~/schemas/closure"],
  ["app/messages.ts", "./schemas/closure"],
  // The UI calls no use-case and queries nothing.
  ["app/components/admin/appointment-list.tsx", "~/services/appointment-queries.server"],
  ["app/components/admin/appointment-list.tsx", "../../services/appointment-queries.server"],
  ["app/components/admin/appointment-list.tsx", "~/db/schema"],
  ["app/components/admin/appointment-list.tsx", "../../db/client.server"],
  ["app/components/admin/appointment-list.tsx", "~/auth/session.server"],
  ["app/components/admin/appointment-list.tsx", "~/routes/admin/board"],
  ["app/browser/site.ts", "~/db/client.server"],
  // Routes get the database from the request context.
  ["app/routes/admin/board.tsx", "~/db/client.server"],
  ["app/routes/admin/board.tsx", "../../db/schema"],
  ["app/root.tsx", "./db/client.server"],
  // Services return codes; the status belongs to the edge, and so do routes and components.
  ["app/services/booking.server.ts", "~/http-status"],
  ["app/services/booking.server.ts", "~/routes/booking"],
  ["app/services/booking.server.ts", "~/components/admin/appointment-list"],
  // Nothing of app/ imports server/, tests included.
  ["app/context.ts", "../server/env"],
  ["app/services/booking.server.ts", "../../server/api/answers"],
  ["app/components/site/map-embed.test.ts", "../../../server/security-headers"],
  ["app/domain/slots.test.ts", "../../server/app"],
];

/** [file, import] pairs the rules let through. */
const allowed: Array<[string, string]> = [
  ["app/domain/slots.ts", "./calendar-date"],
  ["app/domain/slots.ts", "~/domain/holidays"],
  ["app/domain/slots.ts", "~/config/site"],
  ["app/domain/slots.ts", "@date-fns/tz"],
  ["app/domain/slots.ts", "date-fns"],
  ["app/db/schema.ts", "../domain/appointment"],
  ["app/db/schema.ts", "drizzle-orm/pg-core"],
  ["app/mail/outbox.server.ts", "~/db/schema"],
  ["app/auth/session.server.ts", "~/db/client.server"],
  ["app/lib/http.server.ts", "~/context"],
  ["app/schemas/closure.ts", "~/messages"],
  ["app/messages.ts", "~/domain/error-codes"],
  ["app/components/admin/appointment-list.tsx", "~/domain/appointment"],
  ["app/components/admin/appointment-list.tsx", "~/messages"],
  ["app/components/admin/appointment-list.tsx", "../ui/button"],
  ["app/routes/admin/board.tsx", "~/services/appointment-queries.server"],
  ["app/routes/admin/board.tsx", "~/context"],
  ["app/services/booking.server.ts", "~/db/client.server"],
  ["app/services/booking.server.ts", "~/lib/http.server"],
  // A module whose name ends in .server is no server/ folder.
  ["app/routes/booking.tsx", "~/lib/http.server"],
  // A test may reach for what it checks: the domain's tests read the codes in German.
  ["app/domain/slots.test.ts", "~/messages"],
  ["server/app.ts", "~/services/booking.server"],
];

describe("the layer rules (npm run lint)", () => {
  it.each(forbidden)("%s may not import %s", async (file, source) => {
    expect(await layerErrors(file, importOf(source))).toHaveLength(1);
  });

  it.each(allowed)("%s may import %s", async (file, source) => {
    expect(await layerErrors(file, importOf(source))).toEqual([]);
  });

  it("counts type imports and re-exports too", async () => {
    expect(
      await layerErrors("app/lib/format-date.ts", 'import type { X } from "~/services/booking.server";\nexport type Y = X;\n'),
    ).toHaveLength(1);
    expect(await layerErrors("app/components/admin/appointment-list.tsx", 'export { x } from "~/services/booking.server";\n')).toHaveLength(
      1,
    );
  });

  it("says why", async () => {
    const [message] = await layerErrors("app/domain/slots.ts", importOf("~/db/client.server"));
    expect(message).toContain("app/domain is pure rules");
  });
});
