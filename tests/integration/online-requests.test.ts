import { describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { openDatabase } from "~/db/client.server";
import { onlineRequestsNotice } from "~/messages";
import { onlineRequestAlert } from "~/services/online-requests.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment } from "../support/factories";
import { useServer, useTestDatabase } from "../support/fixtures";

/**
 * Issue 31, finding 8: the per-network limits stop one address, not many together. The day's
 * requests (Vienna) are counted from the appointments and the board warns above a threshold.
 */
describe.each(testDatabaseKinds)("online booking requests per day on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("counts the requests of the Vienna day, also across UTC midnight", async () => {
    // 22:59 UTC on 1 December is still the 1st in Vienna; 23:30 UTC is 00:30 on the 2nd.
    for (const at of ["2026-12-01T22:59:00Z", "2026-12-01T23:30:00Z", "2026-12-02T12:00:00Z"]) {
      await insertAppointment(database.db, { createdAt: new Date(at) });
    }
    const evening = new Date("2026-12-02T20:00:00Z");
    expect(await onlineRequestAlert(database.db, evening, 1)).toEqual({ count: 2, threshold: 1 });
    expect(await onlineRequestAlert(database.db, evening, 2)).toBeNull();
    expect(await onlineRequestAlert(database.db, evening, 0)).toBeNull();
  });
});

describe("the board's notice", () => {
  let cookie = "";
  const server = useServer(
    { LOG_LEVEL: "warn", EMAIL_WORKER: "false", BOOKING_ALERT_PER_DAY: "2" },
    {
      // Entered before the server starts (PGlite has one process at a time).
      async beforeStart(dataDir) {
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          for (let n = 0; n < 3; n++) await insertAppointment(database.db, { time: ["08:00", "08:30", "09:00"][n] });
          const owner = await createAdminIdentity(database.db);
          cookie = `__Host-hc_admin=${await createSession(database.db, owner.id, new Date())}`;
        } finally {
          await database.close();
        }
      },
    },
  );

  it("shows on every board page once the day's count is above BOOKING_ALERT_PER_DAY, with the way to the open requests", async () => {
    for (const page of ["/admin", "/admin/planer"]) {
      const html = await (await fetch(`${server.origin}${page}`, { headers: { Cookie: cookie } })).text();
      expect(html).toContain("Ungewöhnlich viele Online-Anfragen.");
      expect(html).toContain(onlineRequestsNotice(3, 2));
      expect(html).toContain('href="/admin?status=beantragt"');
    }
  });
});
