import { describe, expect, it } from "vitest";
import { createSession } from "~/auth/session.server";
import { openDatabase } from "~/db/client.server";
import { appointmentResources, closures, resources } from "~/db/schema";
import { REQUIRE_SECOND_FACTOR, writeSetting } from "~/db/settings.server";
import { absenceMessages, loginMessages, resourceMessages, secondFactorMessages, stepUpMessages } from "~/messages";
import routes from "~/routes";
import { createAdminAccount, DEFAULT_ADMIN_PASSWORD, insertAppointment } from "../support/factories";
import { useServer } from "../support/fixtures";

/**
 * Every page action of the board, posted as a plain form to the real server (issue 31, finding 1:
 * the 'Sicherheit' form lifted the second-factor requirement for an owner who had not set it up,
 * while the JSON API refused the same). The pages ask the one rule the API asks
 * (app/domain/access.ts): an account that must first set up its second factor may only set it up,
 * change its password and log out; staff may do nothing that is the owner's.
 */

/** The session cookie's name on a production server (Secure, hence `__Host-`). */
const COOKIE = "__Host-hc_admin";
const FUTURE = "2031-03-04";

type PagePost = { page: string; fields: Record<string, string> };

const posts = (page: string, forms: Record<string, string>[]): PagePost[] => forms.map((fields) => ({ page, fields }));

/** Each page action by its form's intent, with the ids of the rows they act on. */
function pageActions(ids: { appointment: string; member: string; closure: string; resource: string }) {
  const onAppointment: Record<string, string>[] = [
    { intent: "confirm", id: ids.appointment },
    { intent: "cancel", id: ids.appointment, reason: "Werkstatt voll" },
    { intent: "delete", id: ids.appointment },
  ];
  const details = `/admin/termine/${ids.appointment}`;
  return {
    board: posts("/admin", onAppointment),
    details: posts(details, [...onAppointment, { intent: "note", note: "Bremsen prüfen" }, { intent: "progress", progress: "in_arbeit" }]),
    emails: posts("/admin/emails", [{ intent: "resend", emailId: ids.appointment }]),
    team: posts("/admin/team", [
      { intent: "add", email: "neu@happycar.example", name: "Neu", role: "owner" },
      { intent: "role", id: ids.member, role: "owner" },
      { intent: "deactivate", id: ids.member },
      { intent: "activate", id: ids.member },
      { intent: "reinvite", id: ids.member },
      { intent: "end-sessions", id: ids.member },
      { intent: "unlock-second-factor", id: ids.member },
      { intent: "ready-email", readyEmail: "off" },
    ]),
    stepUp: posts("/admin/bestaetigen", [{ password: DEFAULT_ADMIN_PASSWORD }]),
    closures: posts("/admin/schliesstage", [
      { intent: "add", from: FUTURE, to: FUTURE, name: "Betriebsurlaub" },
      { intent: "delete", id: ids.closure },
      { intent: "cancel-all", id: ids.closure, reason: "Urlaub" },
      { intent: "cancel-all-back", id: ids.closure },
      { intent: "cancel-all-confirmed", id: ids.closure, reason: "Urlaub" },
    ]),
    backups: posts("/admin/sicherungen", [{ intent: "backup" }]),
    settings: posts("/admin/einstellungen", [{ intent: "email", senderName: "Happy Car", noticeAddress: "werkstatt@example.at" }]),
    newAppointment: posts("/admin/termine/neu", [
      { intent: "enter", name: "Anruf", phone: "0664 1234567", service: "Ölwechsel", date: FUTURE, time: "10:00", status: "bestätigt" },
    ]),
    planner: posts("/admin/planer", [{ intent: "move", id: ids.appointment, target: `${FUTURE} 10:00` }]),
    workshop: posts("/admin/werkstatt", [
      { intent: "add", name: "Hebebühne 9", kind: "lift" },
      { intent: "rename", id: ids.resource, name: "Bühne Nord" },
      { intent: "deactivate", id: ids.resource },
      { intent: "activate", id: ids.resource },
      { intent: "delete", id: ids.resource },
      { intent: "add-absence", resource: ids.resource, from: FUTURE, to: FUTURE, reason: "Urlaub" },
      { intent: "delete-absence", resource: ids.resource, id: ids.resource },
    ]),
  };
}

const security = (intent: string, fields: Record<string, string> = {}): PagePost => ({
  page: "/admin/sicherheit",
  fields: { intent, ...fields },
});

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

/** The files of the routes below the board's enrolment gate (app/routes/admin/enrolled.ts). */
function gatedRouteFiles(entries: RouteEntry[], gated = false): string[] {
  return entries.flatMap((entry) => {
    const below = gated || entry.file.endsWith("admin/enrolled.ts");
    return [...(gated && entry.path ? [entry.file] : []), ...gatedRouteFiles(entry.children ?? [], below)];
  });
}

describe("page actions as an account that must first enrol, and as staff", () => {
  const ids = { appointment: "", member: "", closure: "", resource: "", staleAppointment: "", mechanic: "", heldAppointment: "" };
  const cookies = { notEnrolledOwner: "", staff: "", staleOwner: "", owner: "" };
  const server = useServer(
    { LOG_LEVEL: "info", EMAIL_WORKER: "false" },
    {
      async beforeStart(dataDir) {
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          const now = new Date();
          await createAdminAccount(database.db, { email: "chefin@happycar.example", displayName: "Chefin", role: "owner" });
          const owner = await createAdminAccount(database.db, { email: "neu-chef@happycar.example", displayName: "Neu", role: "owner" });
          // Staff with the second factor set up: the requirement does not hold them back.
          const staff = await createAdminAccount(database.db, {
            email: "lena@happycar.example",
            displayName: "Lena",
            role: "staff",
            totpSecret: "JBSWY3DPEHPK3PXP",
            totpEnabledAt: now,
          });
          await writeSetting(database.db, REQUIRE_SECOND_FACTOR, true, now);
          ids.appointment = (await insertAppointment(database.db, { name: "Paula Privat", status: "bestätigt", date: FUTURE })).id;
          ids.member = staff.id;
          const [closure] = await database.db.insert(closures).values({ fromDate: FUTURE, toDate: FUTURE, name: "Inventur" }).returning();
          ids.closure = closure!.id;
          const [resource] = await database.db.insert(resources).values({ name: "Hebebühne 1", kind: "lift" }).returning();
          ids.resource = resource!.id;
          // The workshop's one mechanic, held by one appointment at 09:00 (Vienna) on FUTURE: an absence that day takes them away.
          const [mechanic] = await database.db.insert(resources).values({ name: "Mechaniker:in 1", kind: "mechanic" }).returning();
          ids.mechanic = mechanic!.id;
          const held = await insertAppointment(database.db, { name: "Willi Werkstatt", status: "bestätigt", date: FUTURE, time: "09:00" });
          ids.heldAppointment = held.id;
          await database.db.insert(appointmentResources).values({
            appointmentId: held.id,
            resourceId: mechanic!.id,
            startsAt: new Date(`${FUTURE}T08:00:00Z`),
            endsAt: new Date(`${FUTURE}T08:30:00Z`),
          });
          cookies.notEnrolledOwner = `${COOKIE}=${await createSession(database.db, owner.id, now)}`;
          cookies.staff = `${COOKIE}=${await createSession(database.db, staff.id, now)}`;
          // An owner with the second factor whose login checked the password 11 minutes ago (step-up, issue 31).
          const staleOwner = await createAdminAccount(database.db, {
            email: "alt-chef@happycar.example",
            displayName: "Alt",
            role: "owner",
            totpSecret: "JBSWY3DPEHPK3PXP",
            totpEnabledAt: now,
          });
          cookies.staleOwner = `${COOKIE}=${await createSession(database.db, staleOwner.id, new Date(now.getTime() - 11 * 60_000))}`;
          // The same owner in another browser, logged in just now (the step-up test renews the stale session's id).
          cookies.owner = `${COOKIE}=${await createSession(database.db, staleOwner.id, now)}`;
          ids.staleAppointment = (await insertAppointment(database.db, { name: "Otto Offen", status: "bestätigt", date: FUTURE })).id;
        } finally {
          await database.close();
        }
      },
    },
  );

  const post = ({ page, fields }: PagePost, cookie: string) =>
    fetch(`${server.origin}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, Cookie: cookie },
      body: new URLSearchParams(fields),
    });

  it("lists an action for every page below the enrolment gate that has one", async () => {
    const listed = Object.keys(pageActions({ appointment: ":id", member: "", closure: "", resource: "" }));
    const withAction: string[] = [];
    for (const file of gatedRouteFiles(routes as RouteEntry[])) {
      const module = (await import(`../../app/${file}`)) as { action?: unknown };
      if (typeof module.action === "function") withAction.push(file);
    }
    expect(withAction.sort()).toEqual(
      [
        "routes/admin/appointment.tsx",
        "routes/admin/board.tsx",
        "routes/admin/closures.tsx",
        "routes/admin/emails.tsx",
        "routes/admin/team.tsx",
        "routes/admin/step-up.tsx",
        "routes/admin/workshop.tsx",
        "routes/admin/backups.tsx",
        "routes/admin/settings.tsx",
        "routes/admin/new-appointment.tsx",
        "routes/admin/planner.tsx",
      ].sort(),
    );
    expect(listed).toHaveLength(withAction.length);
  });

  it("an owner who must enrol: every board action goes to 'Sicherheit'; there only enrolling and the password", async () => {
    const cookie = cookies.notEnrolledOwner;
    for (const action of Object.values(pageActions(ids)).flat()) {
      const response = await post(action, cookie);
      expect([action, response.status, response.headers.get("location")]).toEqual([action, 302, "/admin/sicherheit"]);
    }
    for (const action of [
      security("policy", { required: "off" }),
      security("end-session", { session: "x" }),
      security("disable", { password: "x", code: "123456" }),
      security("passkey-remove", { passkey: "x", password: "x" }),
    ]) {
      const response = await post(action, cookie);
      expect([action.fields.intent, response.status]).toEqual([action.fields.intent, 403]);
      expect(await response.text()).toContain(loginMessages.enrolmentRequired);
    }
    // Setting it up is what the account is meant to do.
    const setup = await post(security("setup"), cookie);
    expect([setup.status, setup.headers.get("location")]).toEqual([302, "/admin/sicherheit"]);
    const page = await (await fetch(`${server.origin}/admin/sicherheit`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("<svg");
    expect(page).not.toContain("Ihre Sitzungen");
    expect(page).not.toContain("Für alle Konten");

    // Nothing changed: the requirement holds (the board still sends the account to 'Sicherheit'), the appointment is as it was.
    const board = await fetch(`${server.origin}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect([board.status, board.headers.get("location")]).toEqual([302, "/admin/sicherheit"]);
    const appointment = await fetch(`${server.origin}/api/v1/admin/appointments/${ids.appointment}`, {
      headers: { Cookie: cookies.staff },
    });
    expect(await appointment.json()).toMatchObject({ appointment: { status: "bestätigt", internalNote: null }, audit: [] });
  });

  it("staff: the owner's actions answer 403 on every page, the rest of the board works", async () => {
    const cookie = cookies.staff;
    const logBefore = server.output().length;
    const actions = pageActions(ids);
    const ownersOnly = [
      ...actions.team,
      ...actions.closures,
      ...actions.workshop,
      ...actions.backups,
      ...actions.settings,
      actions.board.find((action) => action.fields.intent === "delete")!,
      security("policy", { required: "off" }),
    ];
    for (const action of ownersOnly) {
      const response = await post(action, cookie);
      expect([action.page, action.fields.intent, response.status]).toEqual([action.page, action.fields.intent, 403]);
    }
    const policy = await post(security("policy", { required: "off" }), cookie);
    expect(await policy.text()).toContain(secondFactorMessages.ownerOnly);
    // Each refusal's log line says who asked: the account's id, never its address. (Under a full run not
    // every line of the child's stdout has arrived when the test looks: those there must all say it.)
    const refusals = () =>
      server
        .output()
        .slice(logBefore)
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; method?: string; status?: number; accountId?: string })
        .filter((line) => line.msg === "request" && line.method === "POST" && line.status === 403);
    await expect.poll(() => refusals().length).toBeGreaterThan(0);
    for (const line of refusals()) expect(line.accountId).toBe(ids.member);
    expect(server.output()).not.toContain("lena@happycar.example");
    const confirm = await post(
      actions.board.find((action) => action.fields.intent === "confirm")!,
      cookie,
    );
    expect(confirm.status).not.toBe(403);
  });

  it("an owner whose last check is older than 10 minutes: each sensitive action asks for the password first, then works", async () => {
    const cookie = cookies.staleOwner;
    const onStale = (intent: string) => ({ intent, id: ids.staleAppointment });
    const sensitive: PagePost[] = [
      { page: "/admin", fields: onStale("delete") },
      { page: `/admin/termine/${ids.staleAppointment}`, fields: onStale("delete") },
      ...posts("/admin/team", [
        { intent: "add", email: "neu2@happycar.example", name: "Neu", role: "owner" },
        { intent: "role", id: ids.member, role: "owner" },
        { intent: "deactivate", id: ids.member },
        { intent: "unlock-second-factor", id: ids.member },
        { intent: "ready-email", readyEmail: "off" },
      ]),
      { page: "/admin/schliesstage", fields: { intent: "cancel-all-confirmed", ids: ids.staleAppointment, reason: "Urlaub" } },
      security("policy", { required: "off" }),
    ];
    for (const action of sensitive) {
      const response = await post(action, cookie);
      const back = encodeURIComponent(action.page);
      expect([action.page, action.fields.intent, response.status, response.headers.get("location")]).toEqual([
        action.page,
        action.fields.intent,
        302,
        `/admin/bestaetigen?redirectTo=${back}`,
      ]);
    }
    // The export's file too: the board's form sends to the confirmation page and back to the same export.
    const exportQuery = `/admin?export=csv&from=2031-03-01&to=2031-03-31&status=alle`;
    const exported = await fetch(`${server.origin}${exportQuery}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(exported.headers.get("location")).toBe(`/admin/bestaetigen?redirectTo=${encodeURIComponent(exportQuery)}`);
    // The routine work needs no check: confirming, a note.
    const note = await post({ page: `/admin/termine/${ids.staleAppointment}`, fields: { intent: "note", note: "Reifen" } }, cookie);
    expect(note.status).toBe(200);

    // Nothing sensitive happened: the appointment is there, the staff account unchanged.
    const details = await fetch(`${server.origin}/api/v1/admin/appointments/${ids.staleAppointment}`, {
      headers: { Cookie: cookies.staff },
    });
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ appointment: { status: "bestätigt" } });

    // The confirmation page: a wrong password is refused, the right one leads back, with a note to do it again.
    const confirmPage = `/admin/bestaetigen?redirectTo=${encodeURIComponent(`/admin/termine/${ids.staleAppointment}`)}`;
    const page = await (await fetch(`${server.origin}${confirmPage}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain(stepUpMessages.pageTitle);
    expect(page).toContain(stepUpMessages.codeLabel);
    const wrong = await post({ page: confirmPage, fields: { password: "falsch-falsch-falsch" } }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(stepUpMessages.wrong);
    const right = await post({ page: confirmPage, fields: { password: DEFAULT_ADMIN_PASSWORD } }, cookie);
    expect([right.status, right.headers.get("location")]).toEqual([302, `/admin/termine/${ids.staleAppointment}`]);
    expect(right.headers.get("set-cookie")).toContain("hc_flash=stepUp");
    // The checked session goes on under a new id; the old cookie no longer opens anything.
    const renewed = right.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${COOKIE}=`))!
      .split(";")[0]!;
    expect(renewed).not.toBe(cookie);
    const old = await post({ page: `/admin/termine/${ids.staleAppointment}`, fields: onStale("delete") }, cookie);
    expect(old.headers.get("location")).toMatch(/^\/admin-login/);
    const deleted = await post({ page: `/admin/termine/${ids.staleAppointment}`, fields: onStale("delete") }, renewed);
    expect([deleted.status, deleted.headers.get("location")]).toEqual([302, "/admin"]);
  });
  it("'Werkstatt': the owner's forms work as plain posts (no JavaScript); staff read the list without forms", async () => {
    const owner = cookies.owner;
    const page = async (cookie: string, query = "") => {
      const response = await fetch(`${server.origin}/admin/werkstatt${query}`, { headers: { Cookie: cookie } });
      return { status: response.status, html: await response.text() };
    };
    const first = await page(owner);
    expect(first.status).toBe(200);
    for (const group of Object.values(resourceMessages.kindGroups)) expect(first.html).toContain(`>${group}</h3>`);
    expect(first.html).toContain('name="intent" value="add"');
    expect(first.html).toContain('value="Hebebühne 1"');
    expect(first.html).toContain(resourceMessages.emptyGroup.courtesy_car);
    // The owner's nav names the page; so does staff's (they read it).
    expect(first.html).toContain('href="/admin/werkstatt"');

    const long = "Ersatzwagen Škoda Octavia Combi (Automatik, Anhängerkupplung)";
    const added = await post({ page: "/admin/werkstatt", fields: { intent: "add", name: long, kind: "courtesy_car" } }, owner);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain(resourceMessages.added(long));
    const bad = await post({ page: "/admin/werkstatt", fields: { intent: "add", name: " ", kind: "hebebuehne" } }, owner);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain(resourceMessages.kind);
    expect(badHtml).toContain(resourceMessages.name);

    const api = await fetch(`${server.origin}/api/v1/admin/resources`, { headers: { Cookie: owner } });
    const { resources: list } = (await api.json()) as { resources: { id: string; name: string; kind: string; active: boolean }[] };
    const car = list.find((resource) => resource.name === long)!;
    expect(car).toMatchObject({ kind: "courtesy_car", active: true });
    const renamed = await post({ page: "/admin/werkstatt", fields: { intent: "rename", id: car.id, name: "Ersatzwagen 1" } }, owner);
    expect(await renamed.text()).toContain(resourceMessages.renamed("Ersatzwagen 1"));
    const deactivated = await post({ page: "/admin/werkstatt", fields: { intent: "deactivate", id: car.id } }, owner);
    const deactivatedHtml = await deactivated.text();
    expect(deactivatedHtml).toContain(resourceMessages.deactivated("Ersatzwagen 1"));
    expect(deactivatedHtml).toContain('name="intent" value="activate"');

    // 'Löschen' is a link that asks once more; the question's form deletes.
    const question = await page(owner, `?loeschen=${car.id}`);
    expect(question.html).toContain(resourceMessages.confirmDelete("Ersatzwagen 1"));
    const deleted = await post({ page: "/admin/werkstatt", fields: { intent: "delete", id: car.id } }, owner);
    expect(await deleted.text()).toContain(resourceMessages.deleted("Ersatzwagen 1"));

    // A mechanic's absence: a plain post enters it; the answer links the appointment that loses its mechanic.
    const absence = { intent: "add-absence", resource: ids.mechanic, from: FUTURE, to: "", startTime: "", reason: "Krankenstand" };
    const badAbsence = await post({ page: "/admin/werkstatt", fields: { ...absence, from: "", reason: " " } }, owner);
    expect(badAbsence.status).toBe(400);
    const badAbsenceHtml = await badAbsence.text();
    expect(badAbsenceHtml).toContain(absenceMessages.from);
    expect(badAbsenceHtml).toContain(absenceMessages.reason);
    const entered = await post({ page: "/admin/werkstatt", fields: absence }, owner);
    expect(entered.status).toBe(200);
    const enteredHtml = await entered.text();
    expect(enteredHtml).toContain(absenceMessages.added("Mechaniker:in 1"));
    expect(enteredHtml).toContain(absenceMessages.affectedIntro("mechanic", "Mechaniker:in 1"));
    expect(enteredHtml).toContain(`href="/admin/termine/${ids.heldAppointment}"`);
    expect(enteredHtml).toContain("Willi Werkstatt");
    const absences = await fetch(`${server.origin}/api/v1/admin/resources/${ids.mechanic}/absences`, { headers: { Cookie: owner } });
    const [stored] = ((await absences.json()) as { absences: { id: string; reason: string }[] }).absences;
    expect(stored).toMatchObject({ reason: "Krankenstand" });
    const staffAbsences = await page(cookies.staff);
    expect(staffAbsences.html).toContain("Krankenstand");
    expect(staffAbsences.html).not.toContain("?entfernen=");
    // 'Entfernen' is a link that asks once more; the question's form removes it.
    const removal = await page(owner, `?entfernen=${stored!.id}`);
    expect(removal.html).toContain(absenceMessages.confirmDelete("Mechaniker:in 1", "Krankenstand", "04.03.2031"));
    const removed = await post(
      { page: "/admin/werkstatt", fields: { intent: "delete-absence", resource: ids.mechanic, id: stored!.id } },
      owner,
    );
    expect(await removed.text()).toContain(absenceMessages.deleted("Mechaniker:in 1"));

    const staffPage = await page(cookies.staff, `?loeschen=${ids.resource}`);
    expect(staffPage.status).toBe(200);
    expect(staffPage.html).toContain(resourceMessages.readOnly);
    expect(staffPage.html).toContain("Hebebühne 1");
    expect(staffPage.html).not.toContain('name="intent"');
    expect(staffPage.html).not.toContain(resourceMessages.confirmDelete("Hebebühne 1"));
  });
});
