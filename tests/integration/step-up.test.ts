import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { adminUsers, appointments, auditLog, sessions } from "~/db/schema";
import { readBooleanSetting, REQUIRE_SECOND_FACTOR } from "~/db/settings.server";
import { stepUpMessages } from "~/messages";
import { testDatabaseKinds } from "../support/databases";
import { createAdminAccount, DEFAULT_ADMIN_PASSWORD, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

/**
 * Issue 31, step-up: the owner's sensitive actions (the export, deleting, the team and its roles,
 * the 2FA requirement, the board's settings) need the password or a code checked within the last
 * 10 minutes; the JSON API answers 401 {"stepUp": true} otherwise, and nothing changes.
 */
describe.each(testDatabaseKinds)("step-up on %s", (kind) => {
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  let ownerId: string;
  let staffId: string;
  let appointmentId: string;
  /** A session of the owner whose login was 11 minutes ago, and one whose login was just now. */
  let stale: string;
  let fresh: string;

  beforeEach(async () => {
    ownerId = (await createAdminAccount(database.db, { email: "chef@happycar.example", role: "owner" })).id;
    staffId = (await createAdminAccount(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" })).id;
    appointmentId = (await insertAppointment(database.db, { status: "bestätigt" })).id;
    stale = await sessionCookieOf(database.db, ownerId, new Date(Date.now() - 11 * 60_000));
    fresh = await sessionCookieOf(database.db, ownerId);
  });

  const sensitive = () =>
    [
      ["DELETE", `/api/v1/admin/appointments/${appointmentId}`, undefined],
      ["GET", "/api/v1/admin/export.csv?from=2026-01-01&to=2026-12-31", undefined],
      ["POST", "/api/v1/admin/users", { email: "neu@happycar.example", name: "Neu", role: "staff" }],
      ["PATCH", `/api/v1/admin/users/${staffId}`, { role: "owner" }],
      ["POST", `/api/v1/admin/users/${staffId}/unlock-second-factor`, {}],
      ["PUT", "/api/v1/admin/settings", { readyEmail: false }],
      ["POST", "/api/v1/admin/2fa/policy", { required: true }],
      // The workshop's facts on 'Einstellungen' (issue 29).
      ["PUT", "/api/v1/admin/workshop", { email: { senderName: "Happy Car", noticeAddress: "werkstatt@example.at" } }],
      // The backups hold every customer's data, as the export does (issue 29).
      ["GET", "/api/v1/admin/backups", undefined],
      ["GET", "/api/v1/admin/backups/happy-car-2026-11-27T020000.000Z-nightly.sql", undefined],
    ] as const;

  const send = (cookie: string, [method, path, json]: ReturnType<typeof sensitive>[number]) => app.request(path, { method, json, cookie });

  it("answers 401 {stepUp: true} to each sensitive action of a login older than 10 minutes, and changes nothing", async () => {
    for (const action of sensitive()) {
      const response = await send(stale, action);
      expect([action[0], action[1], response.status]).toEqual([action[0], action[1], 401]);
      expect(await response.json()).toEqual({ error: stepUpMessages.stepUpRequired, stepUp: true });
    }
    expect(await database.db.select().from(appointments).where(eq(appointments.id, appointmentId))).toHaveLength(1);
    expect(await database.db.select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.id, staffId))).toEqual([
      { role: "staff" },
    ]);
    expect(await readBooleanSetting(database.db, REQUIRE_SECOND_FACTOR)).toBe(false);
    expect(await database.db.select().from(adminUsers)).toHaveLength(2);
    expect((await database.db.select().from(auditLog)).map((entry) => entry.action)).toEqual([]);
    // The routine work needs no check.
    expect((await app.request(`/api/v1/admin/appointments/${appointmentId}`, { cookie: stale })).status).toBe(200);
  });

  it("a session that has just logged in does them without asking", async () => {
    expect((await send(fresh, sensitive()[5])).status).toBe(200);
    expect((await send(fresh, sensitive()[0])).status).toBe(204);
  });

  it("POST /step-up with the password renews the session, which may do them; other sessions may not; a wrong password opens nothing", async () => {
    const wrong = await app.request("/api/v1/admin/step-up", { json: { password: "falsch-falsch-falsch" }, cookie: stale });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: stepUpMessages.wrong });
    expect((await app.request("/api/v1/admin/step-up", { json: {}, cookie: stale })).status).toBe(400);
    expect((await send(stale, sensitive()[5])).status).toBe(401);

    const other = await sessionCookieOf(database.db, ownerId, new Date(Date.now() - 11 * 60_000));
    const confirmed = await app.request("/api/v1/admin/step-up", { json: { password: DEFAULT_ADMIN_PASSWORD }, cookie: stale });
    expect(confirmed.status).toBe(204);
    // A new session id for the checked session (ASVS 5.0 7.2.4); the old one has ended.
    const renewed = confirmed.headers.get("set-cookie")!.split(";")[0]!;
    expect(renewed).not.toBe(stale);
    expect((await app.request(`/api/v1/admin/appointments/${appointmentId}`, { cookie: stale })).status).toBe(401);
    expect((await send(renewed, sensitive()[5])).status).toBe(200);
    expect((await send(renewed, sensitive()[0])).status).toBe(204);
    // Another session of the same account is still as old as it was.
    expect((await send(other, sensitive()[5])).status).toBe(401);
    const verified = await database.db.select({ verifiedAt: sessions.verifiedAt }).from(sessions).where(eq(sessions.userId, ownerId));
    expect(verified.filter((row) => Date.now() - row.verifiedAt.getTime() < 60_000)).toHaveLength(2);
  });

  it("staff still hear 403 however fresh their login: the check adds to the role, it does not replace it", async () => {
    const staffCookie = await sessionCookieOf(database.db, staffId);
    const response = await send(staffCookie, sensitive()[0]);
    expect(response.status).toBe(403);
  });
});
