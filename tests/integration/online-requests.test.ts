import { describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { openDatabase } from "~/db/client.server";
import { onlineRequestsNotice } from "~/messages";
import { countOnlineRequest, onlineRequestAlert } from "~/services/online-requests.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity } from "../support/factories";
import { useServer, useTestDatabase } from "../support/fixtures";

/**
 * Issue 31, finding 8: the per-network limits stop one address, not many together. The online
 * booking requests are counted per workshop day (Vienna) and the board warns above a threshold.
 */
describe.each(testDatabaseKinds)("online booking requests per day on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("counts each request per Vienna day, also across UTC midnight", async () => {
    // 23:30 UTC on 1 December is 00:30 on 2 December in Vienna.
    expect(await countOnlineRequest(database.db, new Date("2026-12-01T22:59:00Z"))).toBe(1);
    expect(await countOnlineRequest(database.db, new Date("2026-12-01T23:30:00Z"))).toBe(1);
    expect(await countOnlineRequest(database.db, new Date("2026-12-02T12:00:00Z"))).toBe(2);
    expect(await onlineRequestAlert(database.db, new Date("2026-12-02T20:00:00Z"), 1)).toEqual({ count: 2, threshold: 1 });
    expect(await onlineRequestAlert(database.db, new Date("2026-12-02T20:00:00Z"), 2)).toBeNull();
    expect(await onlineRequestAlert(database.db, new Date("2026-12-02T20:00:00Z"), 0)).toBeNull();
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
          for (let n = 0; n < 3; n++) await countOnlineRequest(database.db, new Date());
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
