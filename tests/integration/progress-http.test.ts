import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { openDatabase } from "~/db/client.server";
import { zonedParts } from "~/domain/calendar-date";
import { adminMessages, settingsMessages } from "~/messages";
import { insertAppointment } from "../support/factories";
import { useServer } from "../support/fixtures";
import { bookableSlots, post } from "../support/http";

/**
 * Issue 16 over HTTP against the real server (the shared production build,
 * e-mails as files): the board sets where the car is through the JSON API and
 * the page's plain form; 'Abholbereit' e-mails the customer; only the owner
 * switches that e-mail off.
 */
const OWNER = { email: "owner@happycar.example", password: "Werkstatt-Passwort-2026" };
const STAFF = { email: "lena@happycar.example", password: "Lena-Bremsscheibe-Kompass-2026!" };

describe("the car's progress over HTTP", () => {
  /** A confirmed appointment of today (Vienna): 'Abholbereit' is allowed from the appointment's day on. */
  let todays: string;
  const server = useServer(
    {
      EMAIL_TRANSPORT: "file",
      BOOKING_RATE_LIMIT: "0",
      BOOKING_DAILY_LIMIT: "0",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
    {
      // Entered before the server starts (PGlite has one process at a time): customers cannot book today's past hours.
      async beforeStart(dataDir) {
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          const today = zonedParts(new Date(), site.timeZone).date;
          todays = (await insertAppointment(database.db, { name: "Paula Privat", status: "bestätigt", date: today })).id;
        } finally {
          await database.close();
        }
      },
    },
  );

  const url = (pathname: string) => `${server.origin}${pathname}`;

  async function login(account: { email: string; password: string }): Promise<string> {
    const response = await fetch(url("/api/v1/admin/login"), {
      method: "POST",
      headers: { Origin: server.origin, "Content-Type": "application/json" },
      body: JSON.stringify(account),
    });
    expect(response.status).toBe(204);
    return response.headers.getSetCookie()[0]!.split(";")[0]!;
  }

  const putSettings = (cookie: string, body: unknown) =>
    fetch(url("/api/v1/admin/settings"), {
      method: "PUT",
      headers: { Origin: server.origin, "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify(body),
    });

  /** The e-mail files of `template` written by the worker so far. */
  function mailFiles(template: string): string[] {
    const folder = path.join(server.dataDir, "mail");
    return fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.includes(`-${template}-`)) : [];
  }

  async function waitForMail(template: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const [file] = mailFiles(template);
      if (file) return (await simpleParser(fs.readFileSync(path.join(server.dataDir, "mail", file)))).text ?? "";
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no ${template} e-mail`);
  }

  it("staff set the states (JSON and the page's form); 'Abholbereit' e-mails the customer; the switch is the owner's", async () => {
    const owner = await login(OWNER);
    const created = await post(server.origin, "/api/v1/admin/users", JSON.stringify({ ...STAFF, name: "Lena", role: "staff" }), {
      Cookie: owner,
    });
    expect(created.status).toBe(201);
    const staff = await login(STAFF);

    const [slot] = await bookableSlots(server.origin, 1);
    const booked = await post(
      server.origin,
      "/api/v1/appointments",
      JSON.stringify({ name: "Paula Privat", email: "paula@example.at", phone: "0660 7654321", service: "Ölwechsel", ...slot }),
    );
    expect(booked.status).toBe(201);
    const { id } = booked.body as { id: string };
    const progress = (value: unknown, cookie = staff, target = id) =>
      post(server.origin, `/api/v1/admin/appointments/${target}/progress`, JSON.stringify({ progress: value }), { Cookie: cookie });

    expect(await progress("arrived")).toMatchObject({ status: 409, body: { error: adminMessages.notConfirmed } });
    expect((await post(server.origin, `/api/v1/admin/appointments/${id}/confirm`, "{}", { Cookie: staff })).status).toBe(200);
    expect(await progress("fertig")).toMatchObject({ status: 400, body: { error: adminMessages.invalidProgress } });
    expect(await progress("arrived", staff, crypto.randomUUID())).toMatchObject({ status: 404, body: { error: adminMessages.notFound } });
    expect(await progress("arrived")).toMatchObject({ status: 200, body: { id, progress: "arrived", changed: true, emailQueued: false } });

    // The page's plain form post (no JavaScript): the state, when and who are on the page.
    const form = await fetch(url(`/admin/termine/${id}`), {
      method: "POST",
      headers: { Origin: server.origin, Cookie: staff },
      body: new URLSearchParams({ intent: "progress", progress: "in_progress" }),
    });
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain(adminMessages.progressSaved);
    expect(page).toMatch(/In Arbeit<\/span> seit \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, gesetzt von Lena/);
    expect(page).toContain("Fortschritt: In Arbeit");

    // Not before the appointment's day: the booked one lies ahead.
    expect(await progress("ready")).toMatchObject({ status: 409, body: { error: adminMessages.readyTooEarly } });
    expect(await progress("ready", staff, todays)).toMatchObject({
      status: 200,
      body: { progress: "ready", changed: true, emailQueued: true },
    });
    expect(await progress("ready", staff, todays)).toMatchObject({ status: 200, body: { changed: false, emailQueued: false } });
    const text = await waitForMail("appointment-ready");
    expect(text).toContain("Paula Privat");
    expect(text).toContain("Montag – Freitag: 8:00 – 18:00");
    expect(text).toMatch(/persönlichen Terminseite:\n+Meinen Termin ansehen <http:\/\/\S+\/termin\/[A-Za-z0-9_-]{43}>\r?\n/);

    const details = (await (await fetch(url(`/api/v1/admin/appointments/${id}`), { headers: { Cookie: staff } })).json()) as {
      appointment: Record<string, unknown>;
      audit: { action: string; reason: string | null }[];
    };
    expect(details.appointment).toMatchObject({ progress: "in_progress", progressAt: expect.any(String), progressBy: "Lena" });
    expect(details.audit.filter((entry) => entry.action === "progress").map((entry) => entry.reason)).toEqual(["in_progress", "arrived"]);

    // Only the owner switches the e-mail off.
    const refused = await putSettings(staff, { readyEmail: false });
    expect([refused.status, await refused.json()]).toEqual([403, { error: settingsMessages.ownerOnly }]);
    expect((await putSettings(owner, { readyEmail: "nein" })).status).toBe(400);
    const switched = await putSettings(owner, { readyEmail: false });
    expect([switched.status, await switched.json()]).toEqual([200, { readyEmail: false }]);
    expect(await (await fetch(url("/api/v1/admin/settings"), { headers: { Cookie: staff } })).json()).toEqual({ readyEmail: false });
  });
});
