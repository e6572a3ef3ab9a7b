import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/auth/session.server";
import { site } from "~/config/site";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointments, auditLog, emailOutbox, findingDecisionRecords, findingPhotos, findings } from "~/db/schema";
import { zonedParts } from "~/domain/calendar-date";
import { findingMessages } from "~/messages";
import { selfServiceConfig } from "~/services/customer-appointment.server";
import { customerFindings, customerPhoto, decideByCustomer } from "~/services/findings.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminIdentity, insertAppointment, sessionCookieOf } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

/** Issue 30 through the JSON API (server/api/findings.ts) and the personal link's service, on a real database. */
describe.each(testDatabaseKinds)("findings on %s", (kind) => {
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  let staff: AdminIdentity;
  let cookie: string;
  let appointmentId: string;
  const today = () => zonedParts(new Date(), site.timeZone).date;
  const config = () => selfServiceConfig(database.db);

  beforeEach(async () => {
    staff = await createAdminIdentity(database.db, { email: "lena@happycar.example", displayName: "Lena", role: "staff" });
    cookie = await sessionCookieOf(database.db, staff.id);
    appointmentId = (await insertAppointment(database.db, { status: "bestätigt", date: today(), email: "anna@example.at" }))!.id;
  });

  const url = (path: string) => `${app.origin}/api/v1/admin/appointments/${appointmentId}${path}`;
  const headers = (extra: Record<string, string> = {}) => ({ Origin: app.origin, Cookie: cookie, ...extra });
  const json = (method: string, path: string, body?: unknown) =>
    fetch(url(path), {
      method,
      headers: headers(body === undefined ? {} : { "Content-Type": "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function photo(width = 2000, height = 1500): Promise<Blob> {
    const bytes = await sharp({ create: { width, height, channels: 3, background: "#46a" } })
      .jpeg()
      .toBuffer();
    return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
  }

  async function addFinding(fields: Record<string, string>, photos: Blob[] = [], name = "bremse.jpg") {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const blob of photos) form.append("photos", blob, name);
    return fetch(url("/findings"), { method: "POST", headers: headers(), body: form });
  }

  const brakes = { title: "Bremsbeläge vorne", description: "Nur noch 2 mm.", priceCents: "18000", urgency: "now" };

  it("adds a finding with photos (re-encoded, at most 1600 px) and answers 201 with their sizes", async () => {
    const response = await addFinding(brakes, [await photo(), await photo(800, 600)]);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ title: "Bremsbeläge vorne", priceCents: 18000, urgency: "now", sentAt: null });
    expect(body.photos.map((p: { width: number; height: number }) => [p.width, p.height])).toEqual([
      [1600, 1200],
      [800, 600],
    ]);
    const photoResponse = await fetch(`${app.origin}/api/v1/admin/photos/${body.photos[0].id}`, { headers: headers() });
    expect(photoResponse.status).toBe(200);
    expect(photoResponse.headers.get("content-type")).toBe("image/jpeg");
    expect(photoResponse.headers.get("cache-control")).toBe("no-store");
    expect(photoResponse.headers.get("referrer-policy")).toBe("no-referrer");
    expect(photoResponse.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(Buffer.from(await photoResponse.arrayBuffer())).metadata()).width).toBe(1600);
    // Only for admins.
    const anonymous = await fetch(`${app.origin}/api/v1/admin/photos/${body.photos[0].id}`, { headers: { Origin: app.origin } });
    expect(anonymous.status).toBe(401);
  });

  it("refuses a PDF renamed .jpg with 415 in German, and stores nothing", async () => {
    const pdf = new Blob([Buffer.from("%PDF-1.7\n%%EOF\n")], { type: "image/jpeg" });
    const response = await addFinding(brakes, [pdf], "befund.jpg");
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: findingMessages.photoType });
    expect(await database.db.select().from(findings)).toEqual([]);
    expect(await database.db.select().from(findingPhotos)).toEqual([]);
  });

  it("refuses bad fields and more than 6 photos with 400", async () => {
    expect((await addFinding({ ...brakes, urgency: "egal" })).status).toBe(400);
    expect((await addFinding({ ...brakes, title: "" })).status).toBe(400);
    const one = await photo(100, 100);
    const response = await addFinding(
      brakes,
      Array.from({ length: 7 }, () => one),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: findingMessages.tooManyPhotos });
    expect(await database.db.select().from(findings)).toEqual([]);
  });

  it("takes a large upload only with an admin's session", async () => {
    const big = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    for (const [key, value] of Object.entries(brakes)) form.append(key, value);
    form.append("photos", new Blob([new Uint8Array(big)], { type: "image/png" }), "gross.png");
    expect((await fetch(url("/findings"), { method: "POST", headers: { Origin: app.origin }, body: form })).status).toBe(401);
    // Elsewhere the 16 KB limit holds, also for an admin.
    const elsewhere = await fetch(url("/estimate"), { method: "PUT", headers: headers(), body: form });
    expect(elsewhere.status).toBe(413);
    const admin = await fetch(url("/findings"), { method: "POST", headers: headers(), body: form });
    expect(admin.status).toBe(201);
  });

  it("sets the estimate, edits and deletes only while not sent, sends with the customer's e-mail", async () => {
    expect(await (await json("PUT", "/estimate", { estimateCents: 45000 })).json()).toEqual({ estimateCents: 45000 });
    expect((await json("PUT", "/estimate", { estimateCents: -1 })).status).toBe(400);
    const first = await (await addFinding(brakes)).json();
    const second = await (await addFinding({ title: "Wischerblätter", priceCents: "3500", urgency: "watch" })).json();
    expect((await json("PATCH", `/findings/${first.id}`, { ...brakes, priceCents: 19000 })).status).toBe(200);
    expect((await json("DELETE", `/findings/${second.id}`)).status).toBe(204);

    const sent = await json("POST", "/findings/send");
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ sent: 1, emailQueued: true });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "findings-approval-request"));
    expect(mail).toMatchObject({ recipient: "anna@example.at", appointmentId });
    expect((await json("POST", "/findings/send")).status).toBe(409);

    // After sending: no edit; a delete withdraws it and keeps its decisions.
    const patched = await json("PATCH", `/findings/${first.id}`, brakes);
    expect(patched.status).toBe(409);
    expect(await patched.json()).toEqual({ error: findingMessages.findingSent });
    const decided = await json("POST", `/findings/${first.id}/decision`, { decision: "approved" });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({ decision: "approved", decidedBy: "admin", adminName: "Lena", priceCents: 19000 });
    expect((await json("POST", `/findings/${first.id}/decision`, { decision: "vielleicht" })).status).toBe(400);
    expect(await (await json("DELETE", `/findings/${first.id}`)).json()).toEqual({ id: first.id, withdrawn: true });
    const records = await database.db.select().from(findingDecisionRecords);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ title: "Bremsbeläge vorne", priceCents: 19000, decision: "approved", adminUserId: staff.id });

    const board = await (await json("GET", "/findings")).json();
    expect(board).toMatchObject({ estimateCents: 45000, hasEmail: true });
    expect(board.findings[0].withdrawnAt).not.toBeNull();
    expect(board.findings[0].decision).toMatchObject({ decision: "approved" });
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.appointmentId, appointmentId))).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "estimate",
        "finding-add",
        "finding-change",
        "finding-delete",
        "findings-send",
        "finding-decision",
        "finding-withdraw",
      ]),
    );
  });

  it("sends no e-mail when the customer has none, and says so", async () => {
    await database.db.update(appointments).set({ email: "" }).where(eq(appointments.id, appointmentId));
    await addFinding(brakes);
    const body = await (await json("POST", "/findings/send")).json();
    expect(body).toEqual({ sent: 1, emailQueued: false, message: findingMessages.sentWithoutEmail(1) });
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  describe("on the personal link", () => {
    async function sentFindings() {
      const brakesFinding = await (await addFinding(brakes, [await photo(400, 300)])).json();
      const discs = await (await addFinding({ title: "Bremsscheiben", priceCents: "32000", urgency: "soon" })).json();
      const wipers = await (await addFinding({ title: "Wischerblätter", priceCents: "3500", urgency: "watch" })).json();
      const unsent = { id: "" };
      await json("POST", "/findings/send");
      unsent.id = (await (await addFinding({ title: "Noch nicht gesendet", priceCents: "100", urgency: "watch" })).json()).id;
      const token = await createCustomerLink(database.db, appointmentId, new Date());
      return { brakesFinding, discs, wipers, unsent, token };
    }

    it("shows the sent findings, records each decision and e-mails the workshop once per submission", async () => {
      const { brakesFinding, discs, wipers, unsent, token } = await sentFindings();
      const shown = await customerFindings(database.db, token, { now: new Date(), config: await config() });
      expect(shown?.findings.map((finding) => finding.title)).toEqual(["Bremsbeläge vorne", "Bremsscheiben", "Wischerblätter"]);
      expect(shown?.open).toBe(true);

      const input = { token, clientIp: "198.51.100.7", now: new Date(), config: await config() };
      const result = await decideByCustomer(database.db, {
        ...input,
        decisions: { [brakesFinding.id]: "approved", [discs.id]: "approved", [wipers.id]: "declined" },
      });
      expect(result).toEqual({ ok: true, value: { approved: 2, declined: 1, changed: 3 } });
      const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "findings-decided-workshop"));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.params).toMatchObject({ approved: "2", declined: "1" });
      const after = await customerFindings(database.db, token, { now: new Date(), config: await config() });
      expect(after?.approvedTotalCents).toBe(50000);

      // A record keeps what was shown; the IP only as a keyed hash.
      const records = await database.db.select().from(findingDecisionRecords);
      expect(records).toHaveLength(3);
      expect(records[0]!.clientIpHash).toMatch(/^[0-9a-f]{64}$/);
      expect(records[0]!.clientIpHash).not.toContain("198.51.100.7");
      expect(records[0]!.clientIpHash).not.toBe(crypto.createHash("sha256").update("198.51.100.7").digest("hex"));

      // The same again changes nothing and e-mails nobody; a change adds a record.
      expect(await decideByCustomer(database.db, { ...input, decisions: { [brakesFinding.id]: "approved" } })).toMatchObject({
        value: { changed: 0 },
      });
      expect(await decideByCustomer(database.db, { ...input, decisions: { [wipers.id]: "approved" } })).toMatchObject({
        value: { approved: 1, declined: 0 },
      });
      expect(await database.db.select().from(findingDecisionRecords)).toHaveLength(4);
      expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "findings-decided-workshop"))).toHaveLength(2);

      // Not a finding the link shows.
      expect(await decideByCustomer(database.db, { ...input, decisions: { [unsent.id]: "approved" } })).toEqual({
        ok: false,
        code: "invalid-decision",
      });
    });

    it("keeps a decision record unchanged after its finding is withdrawn and corrected", async () => {
      const { brakesFinding, token } = await sentFindings();
      await decideByCustomer(database.db, {
        token,
        clientIp: "198.51.100.7",
        now: new Date(),
        config: await config(),
        decisions: { [brakesFinding.id]: "approved" },
      });
      const [before] = await database.db.select().from(findingDecisionRecords);
      const correction = await addFinding({ ...brakes, priceCents: "21000", replaces: brakesFinding.id });
      expect(correction.status).toBe(201);
      const [old] = await database.db.select().from(findings).where(eq(findings.id, brakesFinding.id));
      expect(old!.withdrawnAt).not.toBeNull();
      expect(await database.db.select().from(findingDecisionRecords)).toEqual([before]);
      expect(before).toMatchObject({ title: "Bremsbeläge vorne", priceCents: 18000, description: "Nur noch 2 mm.", decision: "approved" });
      await json("POST", "/findings/send");
      const shown = await customerFindings(database.db, token, { now: new Date(), config: await config() });
      expect(shown?.findings.find((finding) => finding.title === "Bremsbeläge vorne")?.priceCents).toBe(21000);
    });

    it("refuses decisions once the car is in work, and on an expired link", async () => {
      const { brakesFinding, token } = await sentFindings();
      const input = {
        token,
        clientIp: "198.51.100.7",
        now: new Date(),
        config: await config(),
        decisions: { [brakesFinding.id]: "approved" },
      };
      await database.db.update(appointments).set({ progress: "in_progress" }).where(eq(appointments.id, appointmentId));
      expect(await decideByCustomer(database.db, input)).toEqual({ ok: false, code: "decisions-closed" });
      await database.db.update(appointments).set({ progress: "arrived" }).where(eq(appointments.id, appointmentId));
      // The link works until selfServiceDaysAfter days after the appointment's date.
      const later = new Date(Date.now() + ((await config()).linkDaysAfter + 2) * 24 * 60 * 60 * 1000);
      expect(await decideByCustomer(database.db, { ...input, now: later })).toEqual({ ok: false, code: "not-found" });
      expect(await customerFindings(database.db, token, { now: later, config: await config() })).toBeNull();
      expect(await database.db.select().from(findingDecisionRecords)).toEqual([]);
    });

    it("limits the customer's submissions per link and per client IP, and stores nothing when limited", async () => {
      const { brakesFinding, token } = await sentFindings();
      // One instant for all: the counters' fixed window cannot turn over between the submissions.
      const now = new Date();
      const limited = { ...(await config()), rateLimit: 2 };
      const submit = (linkToken: string, clientIp: string, decision: string) =>
        decideByCustomer(database.db, { token: linkToken, clientIp, now, config: limited, decisions: { [brakesFinding.id]: decision } });
      const workshopMails = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "findings-decided-workshop"));
      // Per link: a third submission from yet another address is refused, and records nothing.
      expect((await submit(token, "192.0.2.1", "approved")).ok).toBe(true);
      expect((await submit(token, "192.0.2.2", "declined")).ok).toBe(true);
      const refused = await submit(token, "192.0.2.3", "approved");
      expect(refused).toMatchObject({ ok: false, code: "rate-limited" });
      expect("retryAfterSeconds" in refused && refused.retryAfterSeconds).toBeGreaterThan(0);
      expect((await database.db.select().from(findingDecisionRecords)).map((record) => record.decision)).toEqual(["approved", "declined"]);
      expect(await workshopMails()).toHaveLength(2);
      // Per address: one client trying link after link.
      const other = (await insertAppointment(database.db, { status: "bestätigt", date: today(), email: "b@example.at" }))!.id;
      const otherToken = await createCustomerLink(database.db, other, now);
      expect(await submit(otherToken, "192.0.2.9", "approved")).toEqual({ ok: false, code: "invalid-decision" });
      expect(await submit("B".repeat(43), "192.0.2.9", "approved")).toEqual({ ok: false, code: "not-found" });
      expect(await submit("C".repeat(43), "192.0.2.9", "approved")).toMatchObject({ ok: false, code: "rate-limited" });
      expect(await database.db.select().from(findingDecisionRecords)).toHaveLength(2);
    });

    it("serves a photo only to its link while its finding is shown", async () => {
      const { brakesFinding, token } = await sentFindings();
      const photoId = brakesFinding.photos[0].id;
      const now = new Date();
      expect((await customerPhoto(database.db, token, photoId, { now, config: await config() }))?.contentType).toBe("image/jpeg");
      const other = (await insertAppointment(database.db, { status: "bestätigt", date: today(), email: "b@example.at" }))!.id;
      const otherToken = await createCustomerLink(database.db, other, now);
      expect(await customerPhoto(database.db, otherToken, photoId, { now, config: await config() })).toBeNull();
      expect(await customerPhoto(database.db, "x".repeat(43), photoId, { now, config: await config() })).toBeNull();
      await json("DELETE", `/findings/${brakesFinding.id}`);
      expect(await customerPhoto(database.db, token, photoId, { now, config: await config() })).toBeNull();
    });
  });
});
