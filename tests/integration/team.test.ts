import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { login } from "~/auth/login.server";
import { type AdminIdentity, createSession, endSessionByHandle, listSessions, readSession, sessionCookie } from "~/auth/session.server";
import { auditLog, emailOutbox, sessions } from "~/db/schema";
import { renderEmail } from "~/mail/templates";
import { markEmailDone } from "~/mail/worker.server";
import {
  acceptInvitation,
  addTeamMember,
  changeTeamMember,
  endTeamMemberSessions,
  listTeam,
  openInvitation,
  resendInvitation,
} from "~/services/team.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, DEFAULT_ADMIN_PASSWORD, insertAppointment } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { boardCommands } from "../support/result-views";

const { deleteAppointment } = boardCommands;

const t0 = new Date("2026-12-01T08:00:00Z");
const hours = (n: number) => new Date(t0.getTime() + n * 3_600_000);
const PASSWORD = DEFAULT_ADMIN_PASSWORD;

/** The Cookie header of a request with this session. */
function requestWith(sessionId: string): string {
  return sessionCookie(sessionId).split(";")[0]!;
}

describe.each(testDatabaseKinds)("staff and the owner on %s", (kind) => {
  let owner: AdminIdentity;
  let staff: AdminIdentity;
  const database = useTestDatabase(kind, { poolSize: 10 });
  beforeEach(async () => {
    owner = await createAdminIdentity(database.db, { email: "chef@happycar.example", displayName: "Chef", verifiedAt: t0 });
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff", verifiedAt: t0 });
  });

  const member = (email: string, role: "owner" | "staff" = "staff", password?: string) => ({ email, name: "Neu", role, password });

  it("refuses every team action to staff, and deleting an appointment (confirm and cancel stay theirs)", async () => {
    expect(await listTeam(database.db, staff, t0)).toEqual({ ok: false, code: "ownerOnly" });
    expect(await addTeamMember(database.db, { actor: staff, member: member("x@happycar.example"), now: t0 })).toEqual({
      ok: false,
      code: "ownerOnly",
    });
    expect(await changeTeamMember(database.db, { actor: staff, id: owner.id, role: "staff", now: t0 })).toEqual({
      ok: false,
      code: "ownerOnly",
    });
    expect(await endTeamMemberSessions(database.db, { actor: staff, id: owner.id, now: t0 })).toEqual({ ok: false, code: "ownerOnly" });
    const appointment = await insertAppointment(database.db);
    expect(await deleteAppointment(database.db, { id: appointment.id, admin: staff })).toEqual({
      ok: false,
      status: 403,
      code: "ownerOnly",
    });
    expect(await deleteAppointment(database.db, { id: appointment.id, admin: owner, now: t0 })).toEqual({ ok: true });
  });

  it("adds an account with an initial password that logs in at once; refuses a common password and a taken address", async () => {
    const added = await addTeamMember(database.db, {
      actor: owner,
      member: member("max@happycar.example", "staff", "Max-Lichtmaschine-Kranich-2026!"),
      now: t0,
    });
    expect(added).toMatchObject({ ok: true, value: { email: "max@happycar.example", role: "staff", invited: false } });
    expect(
      (await login(database.db, { email: "max@happycar.example", password: "Max-Lichtmaschine-Kranich-2026!", ip: "10.1.1.1", now: t0 }))
        .ok,
    ).toBe(true);
    expect(
      await addTeamMember(database.db, { actor: owner, member: member("neu@happycar.example", "staff", "passwort1234"), now: t0 }),
    ).toEqual({
      ok: false,
      code: "common",
    });
    expect(await addTeamMember(database.db, { actor: owner, member: member("LENA@happycar.example".toLowerCase()), now: t0 })).toEqual({
      ok: false,
      code: "exists",
    });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.create"));
    expect(entry).toMatchObject({
      appointmentId: null,
      actor: "chef@happycar.example",
      subject: `account:${added.ok ? added.value.id : ""}`,
    });
  });

  it("the invitation's token leaves the outbox once its e-mail is sent: a backup or a database reader cannot use it", async () => {
    await addTeamMember(database.db, { actor: owner, member: member("ute@happycar.example"), now: t0 });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "staff-invitation"));
    const token = (mail!.params as { token?: string }).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await markEmailDone(database.db, mail!.id, t0);
    const [sent] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail!.id));
    expect(sent!.status).toBe("sent");
    expect(sent!.params).not.toHaveProperty("token");
    expect(sent!.params).toMatchObject({ email: "ute@happycar.example", role: "staff" });
    // The link in the e-mail still works: only the copy in the outbox is gone.
    expect(await openInvitation(database.db, token!, hours(1))).toEqual({ email: "ute@happycar.example", name: "Neu" });
  });

  it("invites by e-mail: a link that works once within 72 hours; no login before it is used", async () => {
    const added = await addTeamMember(database.db, { actor: owner, member: member("tom@happycar.example"), now: t0 });
    expect(added).toMatchObject({ ok: true, value: { invited: true, invitationPending: true } });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "staff-invitation"));
    expect(mail!.recipient).toBe("tom@happycar.example");
    const token = (mail!.params as { token: string }).token;
    const rendered = renderEmail({ ...mail!, createdAt: t0 }, "https://www.happycar.example");
    expect(rendered.subject).toBe("Einladung zum Admin-Board");
    expect(rendered.text).toContain(`https://www.happycar.example/admin-einladung?token=${token}`);
    expect(rendered.text).toContain("Chef hat für Sie ein Konto");

    expect((await login(database.db, { email: "tom@happycar.example", password: "invited", ip: "10.1.1.2", now: t0 })).ok).toBe(false);
    expect(await openInvitation(database.db, token, hours(71))).toEqual({ email: "tom@happycar.example", name: "Neu" });
    expect(await openInvitation(database.db, token, hours(72))).toBeNull();
    expect(await acceptInvitation(database.db, { token, password: "Tom-Zahnriemen-Lupine-2026!", ip: "10.1.1.2", now: hours(73) })).toEqual(
      {
        ok: false,
        code: "invitationInvalid",
      },
    );
    const accepted = await acceptInvitation(database.db, { token, password: "Tom-Zahnriemen-Lupine-2026!", ip: "10.1.1.2", now: hours(1) });
    expect(accepted.ok).toBe(true);
    expect(await acceptInvitation(database.db, { token, password: "Tom-Zahnriemen-Lupine-2027!", ip: "10.1.1.2", now: hours(2) })).toEqual({
      ok: false,
      code: "invitationInvalid",
    });
    expect(
      (await login(database.db, { email: "tom@happycar.example", password: "Tom-Zahnriemen-Lupine-2026!", ip: "10.1.1.2", now: hours(2) }))
        .ok,
    ).toBe(true);
  });

  it("'Einladung erneut senden': a new link for an invited account, the old one stops; not for staff, a chosen password or a deactivated account", async () => {
    const added = await addTeamMember(database.db, { actor: owner, member: member("tom@happycar.example"), now: t0 });
    const id = added.ok ? added.value.id : "";
    const invitations = async () =>
      (await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "staff-invitation")).orderBy(emailOutbox.createdAt)).map(
        (mail) => (mail.params as { token: string }).token,
      );
    const [first] = await invitations();
    // The link ran out unused: the page offers a new invitation.
    const expired = await listTeam(database.db, owner, hours(73));
    expect(expired.ok && expired.value.find((row) => row.id === id)).toMatchObject({ invitationPending: false, passwordChosen: false });

    expect(await resendInvitation(database.db, { actor: staff, id, now: hours(73) })).toEqual({ ok: false, code: "ownerOnly" });
    expect(await resendInvitation(database.db, { actor: owner, id: crypto.randomUUID(), now: hours(73) })).toEqual({
      ok: false,
      code: "notFound",
    });
    expect(await resendInvitation(database.db, { actor: owner, id, now: hours(73) })).toEqual({ ok: true });
    const [, second] = await invitations();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "account.reinvite"));
    expect(audit).toMatchObject({ actor: "chef@happycar.example", subject: `account:${id}` });

    // A second new one replaces the second: only the newest link works.
    expect(await resendInvitation(database.db, { actor: owner, id, now: hours(74) })).toEqual({ ok: true });
    const [, , third] = await invitations();
    expect(await openInvitation(database.db, second!, hours(74))).toBeNull();
    expect(await openInvitation(database.db, third!, hours(74))).toEqual({ email: "tom@happycar.example", name: "Neu" });

    // Deactivated meanwhile: the link is refused and stays unspent; reactivated, it works.
    await changeTeamMember(database.db, { actor: { ...owner, verifiedAt: hours(74) }, id, active: false, now: hours(74) });
    expect(await resendInvitation(database.db, { actor: owner, id, now: hours(74) })).toEqual({ ok: false, code: "inactive" });
    const refused = await acceptInvitation(database.db, {
      token: third!,
      password: "Tom-Zahnriemen-Lupine-2026!",
      ip: "10.1.1.3",
      now: hours(74),
    });
    expect(refused).toEqual({ ok: false, code: "invitationInvalid" });
    await changeTeamMember(database.db, { actor: { ...owner, verifiedAt: hours(75) }, id, active: true, now: hours(75) });
    const accepted = await acceptInvitation(database.db, {
      token: third!,
      password: "Tom-Zahnriemen-Lupine-2026!",
      ip: "10.1.1.3",
      now: hours(75),
    });
    expect(accepted.ok).toBe(true);
    expect(await resendInvitation(database.db, { actor: owner, id, now: hours(76) })).toEqual({ ok: false, code: "passwordChosen" });
  });

  it("deactivating ends the sessions and refuses the login (same answer as a wrong password); reactivating restores it", async () => {
    const session = await createSession(database.db, staff.id, t0);
    expect(await changeTeamMember(database.db, { actor: owner, id: staff.id, active: false, now: t0 })).toEqual({
      ok: true,
      value: { id: staff.id, role: "staff", active: false },
    });
    expect(await readSession(database.db, requestWith(session), t0)).toBeNull();
    expect(await login(database.db, { email: staff.email, password: PASSWORD, ip: "10.1.1.3", now: t0 })).toEqual({
      ok: false,
      code: "wrongPassword",
    });
    await changeTeamMember(database.db, { actor: owner, id: staff.id, active: true, now: t0 });
    expect((await login(database.db, { email: staff.email, password: PASSWORD, ip: "10.1.1.3", now: hours(1) })).ok).toBe(true);
  });

  it("keeps the last active owner: neither demoted nor deactivated", async () => {
    expect(await changeTeamMember(database.db, { actor: owner, id: owner.id, role: "staff", now: t0 })).toEqual({
      ok: false,
      code: "lastOwner",
    });
    expect(await changeTeamMember(database.db, { actor: owner, id: owner.id, active: false, now: t0 })).toEqual({
      ok: false,
      code: "lastOwner",
    });
    const team = await listTeam(database.db, owner, t0);
    expect(team.ok && team.value.find((entry) => entry.id === owner.id)).toMatchObject({ role: "owner", active: true });
    // With a second owner, one may step down.
    await changeTeamMember(database.db, { actor: owner, id: staff.id, role: "owner", now: t0 });
    expect(await changeTeamMember(database.db, { actor: owner, id: owner.id, role: "staff", now: t0 })).toMatchObject({ ok: true });
  });

  it.runIf(kind === "postgres")("two owners demoting each other at once: exactly one succeeds, every run", async () => {
    for (let run = 0; run < 10; run++) {
      await changeTeamMember(database.db, { actor: owner, id: staff.id, role: "owner", now: t0 });
      await changeTeamMember(database.db, { actor: { ...staff, role: "owner" }, id: owner.id, role: "owner", now: t0 });
      const results = await Promise.all([
        changeTeamMember(database.db, { actor: owner, id: staff.id, role: "staff", now: t0 }),
        changeTeamMember(database.db, { actor: { ...staff, role: "owner" }, id: owner.id, role: "staff", now: t0 }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, code: "lastOwner" }]);
    }
  });

  it("every account sees its own sessions and ends one; another account's session is out of reach", async () => {
    const phone = await createSession(database.db, staff.id, t0, undefined, { userAgent: "Handy" });
    const desk = await createSession(database.db, staff.id, hours(1), undefined, { userAgent: "Werkstatt-PC" });
    const ownerSession = await createSession(database.db, owner.id, t0);
    const listed = await listSessions(database.db, staff.id, requestWith(desk), hours(2));
    expect(listed.map((entry) => [entry.userAgent, entry.current])).toEqual([
      ["Werkstatt-PC", true],
      ["Handy", false],
    ]);
    const phoneHandle = listed[1]!.id;
    expect(phoneHandle).toMatch(/^[0-9a-f]{16}$/);
    const ownerHandle = (await listSessions(database.db, owner.id, requestWith(ownerSession), hours(2)))[0]!.id;
    expect(await endSessionByHandle(database.db, staff.id, ownerHandle)).toBe(false);
    expect(await endSessionByHandle(database.db, staff.id, phoneHandle)).toBe(true);
    expect(await readSession(database.db, requestWith(phone), hours(2))).toBeNull();
    expect(await readSession(database.db, requestWith(desk), hours(2))).not.toBeNull();
    // The owner ends all of an account's sessions.
    expect(await endTeamMemberSessions(database.db, { actor: owner, id: staff.id, now: hours(2) })).toEqual({ ok: true, value: null });
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, staff.id))).toHaveLength(0);
  });
});
