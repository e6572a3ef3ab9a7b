import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { appointments, emailOutbox } from "~/db/schema";
import { emailHealth, type EnqueueEmail, enqueueEmail, lastEmailState, requeueFailedEmail } from "~/mail/outbox.server";
import { smtpTransport } from "~/mail/transports.server";
import { claimNextEmail, createMailWorker, DEFAULT_LEASE_MS } from "~/mail/worker.server";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";
import { freePort, type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const FROM = "Happy Car <termine@happycar.example>";
const PUBLIC_URL = "https://www.happycar.example";
const MINUTE = 60_000;

const confirmation = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "Ölwechsel" };
const bookingParams = { ...confirmation, phone: "0660 111 22 33", message: "Bitte auch die Bremsen ansehen." };

describe.each(testDatabaseKinds)("e-mail outbox and worker (%s)", (kind) => {
  let sink: SmtpSink;
  let clock: Date;
  const now = () => clock;

  const database = useTestDatabase(kind);
  beforeEach(async () => {
    sink = await startSmtpSink();
    clock = new Date(Date.now() + 1_000);
  });
  afterEach(async () => {
    await sink.close();
  });

  const enqueue = (email: EnqueueEmail) => database.db.transaction((tx) => enqueueEmail(tx, email));
  const workerFor = (smtpUrl: string) =>
    createMailWorker({
      db: database.db,
      transport: smtpTransport({ SMTP_URL: smtpUrl, MAIL_FROM: FROM, publicUrl: PUBLIC_URL }),
      now,
    });
  const row = async (id: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
  /** What the board shows of an appointment's e-mail: its newest one's state, null without one. */
  const emailStateOf = async (appointmentId: string) =>
    (
      await database.db
        .select({ state: lastEmailState(appointments.id) })
        .from(appointments)
        .where(eq(appointments.id, appointmentId))
    )[0]!.state;

  /** An appointment; one a confirmation is about is confirmed (the worker sends no e-mail its state overtook). */
  async function insertAppointment(status: "beantragt" | "bestätigt" = "beantragt"): Promise<string> {
    const [created] = await database.db
      .insert(appointments)
      .values({
        status,
        name: "Maria Muster",
        email: "maria@example.com",
        phone: "0660 111 22 33",
        date: "2026-12-01",
        time: "08:30",
        service: "Ölwechsel",
      })
      .returning({ id: appointments.id });
    return created!.id;
  }

  it("delivers a booking as exactly the two expected messages", async () => {
    const appointmentId = await insertAppointment();
    const customerId = await enqueue({
      recipient: "maria@example.com",
      template: "booking-received-customer",
      params: bookingParams,
      appointmentId,
    });
    await enqueue({ recipient: "werkstatt@happycar.example", template: "booking-received-workshop", params: bookingParams, appointmentId });

    expect(await workerFor(sink.url).runOnce()).toBe(2);

    expect(sink.messages).toHaveLength(2);
    const customer = sink.messages.find((m) => m.envelopeTo[0] === "maria@example.com")!;
    const workshop = sink.messages.find((m) => m.envelopeTo[0] === "werkstatt@happycar.example")!;
    expect(customer.envelopeTo).toEqual(["maria@example.com"]);
    expect(workshop.envelopeTo).toEqual(["werkstatt@happycar.example"]);
    expect(customer.envelopeFrom).toBe("termine@happycar.example");
    expect(customer.parsed.subject).toBe("Ihre Terminanfrage ist eingegangen");
    expect(workshop.parsed.subject).toBe("Neue Terminanfrage");
    expect(customer.parsed.from?.text).toBe('"Happy Car" <termine@happycar.example>');
    expect(customer.parsed.messageId).toBe((await row(customerId)).messageId);

    for (const value of ["Maria Muster", "01.12.2026", "08:30", "Ölwechsel", "Bitte auch die Bremsen ansehen."]) {
      expect(customer.parsed.text).toContain(value);
      expect(customer.parsed.html).toContain(value);
      expect(workshop.parsed.text).toContain(value);
    }
    expect(customer.parsed.text).toContain("Ihr Termin ist noch nicht bestätigt");
    expect(workshop.parsed.text).toContain("maria@example.com");
    expect(workshop.parsed.text).toContain("0660 111 22 33");
    // Straight to this appointment on the board (the login sends the admin back to it).
    expect(workshop.parsed.text).toContain(`${PUBLIC_URL}/admin/termine/${appointmentId}`);
    expect(workshop.parsed.html).toContain(`href="${PUBLIC_URL}/admin/termine/${appointmentId}"`);
    expect(customer.parsed.html).toContain(site.address.street);
    expect(customer.parsed.attachments).toHaveLength(0);

    const stored = await database.db.select().from(emailOutbox);
    expect(stored.map((m) => m.status)).toEqual(["sent", "sent"]);
    expect(stored.every((m) => m.sentAt !== null && m.attempts === 1 && m.lockedUntil === null)).toBe(true);
    expect(await emailStateOf(appointmentId)).toBe("sent");
  });

  it("attaches a parseable calendar invite to the confirmation", async () => {
    const appointmentId = await insertAppointment("bestätigt");
    await enqueue({ recipient: "maria@example.com", template: "appointment-confirmed", params: confirmation, appointmentId });
    await workerFor(sink.url).runOnce();

    const [mail] = sink.messages;
    expect(mail!.parsed.subject).toBe("Terminbestätigung");
    expect(mail!.parsed.text).toContain("01.12.2026");
    expect(mail!.parsed.text).toContain(`${site.address.street}, ${site.address.postalCode} ${site.address.city}`);
    const invite = mail!.parsed.attachments.find((a) => a.filename === "termin.ics")!;
    expect(invite.contentType).toBe("text/calendar");
    const ics = invite.content.toString("utf8");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Vienna\r\n");
    expect(ics).toContain("DTSTART;TZID=Europe/Vienna:20261201T083000\r\n");
    // An Ölwechsel takes 30 minutes (site.services).
    expect(ics).toContain("DTEND;TZID=Europe/Vienna:20261201T090000\r\n");
    expect(ics).toContain(`ORGANIZER;CN=${site.name}:mailto:${site.email}\r\n`);
    expect(ics).toContain(`UID:${appointmentId}@happycar.termine\r\n`);
    expect(ics).toContain("LOCATION:Musterstraße 12\\, 1100 Wien\\, Österreich");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("sends the cancellation with the reason", async () => {
    await enqueue({
      recipient: "maria@example.com",
      template: "appointment-cancelled",
      params: { ...confirmation, reason: "Die Hebebühne ist defekt." },
    });
    await workerFor(sink.url).runOnce();
    const [mail] = sink.messages;
    expect(mail!.parsed.subject).toBe("Terminstornierung");
    expect(mail!.parsed.text).toContain("Grund: Die Hebebühne ist defekt.");
    expect(mail!.parsed.attachments).toHaveLength(0);
  });

  it("keeps a message pending while SMTP is down and delivers it once SMTP is back", async () => {
    const port = await freePort();
    const worker = workerFor(`smtp://127.0.0.1:${port}`);
    const id = await enqueue({ recipient: "maria@example.com", template: "booking-received-customer", params: bookingParams });

    expect(await worker.runOnce()).toBe(1);
    let stored = await row(id);
    expect(stored.status).toBe("pending");
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(stored.nextAttemptAt.getTime()).toBe(clock.getTime() + MINUTE);

    // Not due yet: nothing is tried.
    clock = new Date(clock.getTime() + 30_000);
    expect(await worker.runOnce()).toBe(0);

    // Still down at the second attempt: the next wait is 5 minutes.
    clock = new Date(clock.getTime() + 30_000);
    expect(await worker.runOnce()).toBe(1);
    stored = await row(id);
    expect(stored.attempts).toBe(2);
    expect(stored.nextAttemptAt.getTime()).toBe(clock.getTime() + 5 * MINUTE);

    const back = await startSmtpSink({ port });
    try {
      clock = new Date(clock.getTime() + 5 * MINUTE);
      expect(await worker.runOnce()).toBe(1);
      expect(back.messages).toHaveLength(1);
      stored = await row(id);
      expect(stored.status).toBe("sent");
      expect(stored.attempts).toBe(3);
      expect(stored.lastError).toBeNull();
      expect(await worker.runOnce()).toBe(0);
      expect(back.messages).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  describe("after an outage (issue 31, finding 4)", () => {
    const WORKSHOP = "werkstatt@happycar.example";
    const setStatus = (id: string, status: "bestätigt" | "storniert") =>
      database.db.update(appointments).set({ status }).where(eq(appointments.id, id));

    it("an appointment's messages to one recipient go in the order they were queued", async () => {
      const port = await freePort();
      const down = workerFor(`smtp://127.0.0.1:${port}`);
      const appointmentId = await insertAppointment();
      await enqueue({ recipient: "maria@example.com", template: "booking-received-customer", params: bookingParams, appointmentId });
      expect(await down.runOnce()).toBe(1); // refused: the receipt waits a minute for its next attempt
      await setStatus(appointmentId, "bestätigt");
      await enqueue({ recipient: "maria@example.com", template: "appointment-confirmed", params: confirmation, appointmentId });
      // Due, but behind the receipt: not sent before it.
      expect(await down.runOnce()).toBe(0);

      const back = await startSmtpSink({ port });
      try {
        clock = new Date(clock.getTime() + MINUTE);
        expect(await down.runOnce()).toBe(2);
        expect(back.messages.map((mail) => mail.parsed.subject)).toEqual(["Ihre Terminanfrage ist eingegangen", "Terminbestätigung"]);
      } finally {
        await back.close();
      }
    });

    it("a receipt and a confirmation the cancellation overtook are not sent; the cancellation and the workshop's copy are", async () => {
      const port = await freePort();
      const down = workerFor(`smtp://127.0.0.1:${port}`);
      const appointmentId = await insertAppointment();
      const receipt = await enqueue({
        recipient: "maria@example.com",
        template: "booking-received-customer",
        params: { ...bookingParams, accessToken: "a".repeat(43) },
        appointmentId,
      });
      const copy = await enqueue({ recipient: WORKSHOP, template: "booking-received-workshop", params: bookingParams, appointmentId });
      await down.runOnce();
      await setStatus(appointmentId, "bestätigt");
      const confirmed = await enqueue({
        recipient: "maria@example.com",
        template: "appointment-confirmed",
        params: confirmation,
        appointmentId,
      });
      await setStatus(appointmentId, "storniert");
      await enqueue({
        recipient: "maria@example.com",
        template: "appointment-cancelled",
        params: { ...confirmation, reason: "Die Hebebühne ist defekt." },
        appointmentId,
      });

      const back = await startSmtpSink({ port });
      try {
        clock = new Date(clock.getTime() + 10 * MINUTE);
        await down.runOnce();
        const subjects = back.messages.map((mail) => `${mail.envelopeTo[0]} ${mail.parsed.subject}`);
        expect(subjects.sort()).toEqual([`maria@example.com Terminstornierung`, `${WORKSHOP} Neue Terminanfrage`].sort());
        for (const id of [receipt, confirmed])
          expect(await row(id)).toMatchObject({ status: "superseded", sentAt: null, lockedUntil: null });
        expect((await row(receipt)).params).not.toHaveProperty("accessToken");
        expect((await row(copy)).status).toBe("sent");
        // The board's e-mail state is the cancellation's; nothing waits, nothing failed.
        expect(await emailStateOf(appointmentId)).toBe("sent");
        expect(await emailHealth(database.db)).toEqual({ pending: 0, failed: 0 });
      } finally {
        await back.close();
      }
    });
  });

  it("claims a message enqueued within the same millisecond as the worker's clock (the database counts microseconds)", async () => {
    const id = await enqueue({ recipient: "maria@example.com", template: "booking-received-customer", params: bookingParams });
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`'2026-11-28T10:00:00.123456Z'::timestamptz` })
      .where(eq(emailOutbox.id, id));
    expect(await claimNextEmail(database.db, new Date("2026-11-28T10:00:00.122Z"))).toBeNull();
    expect((await claimNextEmail(database.db, new Date("2026-11-28T10:00:00.123Z")))?.id).toBe(id);
  });

  it("re-delivers a message whose worker died after claiming it, once the lease runs out", async () => {
    const id = await enqueue({ recipient: "maria@example.com", template: "booking-received-customer", params: bookingParams });
    // The first worker claims the message and dies before sending or marking it.
    const claimed = await claimNextEmail(database.db, clock);
    expect(claimed?.id).toBe(id);

    const restarted = workerFor(sink.url);
    clock = new Date(clock.getTime() + MINUTE);
    expect(await restarted.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(0);

    clock = new Date(clock.getTime() + DEFAULT_LEASE_MS);
    expect(await restarted.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.parsed.messageId).toBe(claimed!.messageId);
    const stored = await row(id);
    expect(stored.status).toBe("sent");
    expect(stored.attempts).toBe(2);
  });

  it("fails a rejected recipient at once, and 'Erneut senden' re-queues it", async () => {
    const rejecting = await startSmtpSink({ rejectRecipients: /^nobody@/ });
    try {
      const appointmentId = await insertAppointment("bestätigt");
      const id = await enqueue({ recipient: "nobody@example.com", template: "appointment-confirmed", params: confirmation, appointmentId });
      await workerFor(rejecting.url).runOnce();
      const stored = await row(id);
      expect(stored.status).toBe("failed");
      expect(stored.lastError).toContain("550");
      // The board shows last_error: the server's text named the recipient, the stored one does not.
      expect(stored.lastError).toContain("<[redacted email]>: Recipient address rejected");
      expect(stored.lastError).not.toContain("nobody@");
      expect(await emailHealth(database.db)).toEqual({ pending: 0, failed: 1 });
      expect(await emailStateOf(appointmentId)).toBe("failed");

      expect(await requeueFailedEmail(database.db, id)).toBe(true);
      expect(await requeueFailedEmail(database.db, id)).toBe(false); // already pending: no second copy
      expect(await emailHealth(database.db)).toEqual({ pending: 1, failed: 0 });
      expect((await row(id)).attempts).toBe(0);
      expect(await emailStateOf(appointmentId)).toBe("pending");
    } finally {
      await rejecting.close();
    }
  });

  it("gives up after about 48 hours of retries", async () => {
    const id = await enqueue({ recipient: "maria@example.com", template: "booking-received-customer", params: bookingParams });
    const worker = createMailWorker({
      db: database.db,
      transport: { name: "smtp", send: () => Promise.reject(new Error("421 try later")) },
      now,
    });
    const start = clock.getTime();
    let attempts = 0;
    while ((await row(id)).status === "pending") {
      // +1 ms: PostgreSQL keeps microseconds that a Date drops.
      clock = new Date((await row(id)).nextAttemptAt.getTime() + 1);
      attempts += await worker.runOnce();
    }
    const stored = await row(id);
    expect(stored.status).toBe("failed");
    expect(stored.lastError).toBe("421 try later");
    expect(attempts).toBe(12);
    expect(clock.getTime() - start).toBeLessThanOrEqual(48 * 60 * MINUTE);
    expect(clock.getTime() - start).toBeGreaterThan(40 * 60 * MINUTE);
  });

  it("stops claiming on stop() but finishes the message in flight", async () => {
    let release!: () => void;
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const sent: string[] = [];
    const worker = createMailWorker({
      db: database.db,
      now,
      pollIntervalMs: 10,
      transport: {
        name: "smtp",
        send: (message) =>
          new Promise<void>((resolve) => {
            started();
            release = () => {
              sent.push(message.id);
              resolve();
            };
          }),
      },
    });
    const first = await enqueue({ recipient: "a@example.com", template: "booking-received-customer", params: bookingParams });
    const second = await enqueue({ recipient: "b@example.com", template: "booking-received-customer", params: bookingParams });
    worker.start();
    await inFlight;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(sent).toHaveLength(1);
    const states = [await row(first), await row(second)].map((m) => m.status).sort();
    expect(states).toEqual(["pending", "sent"]);
    expect(await emailHealth(database.db)).toEqual({ pending: 1, failed: 0 });
  });

  it("reports nothing for appointments without e-mail and ignores the workshop copy", async () => {
    const appointmentId = await insertAppointment();
    const other = await insertAppointment();
    await enqueue({ recipient: "werkstatt@happycar.example", template: "booking-received-workshop", params: bookingParams, appointmentId });
    expect(await emailStateOf(appointmentId)).toBeNull();
    expect(await emailStateOf(other)).toBeNull();
  });

  if (kind === "postgres") {
    it("two workers on one database deliver 200 messages exactly once each", async () => {
      const { openDatabase } = await import("~/db/client.server");
      const second = await openDatabase({ kind: "postgres", url: database.url! });
      try {
        const ids: string[] = [];
        for (let i = 0; i < 200; i++) {
          ids.push(
            await enqueue({
              recipient: `kunde${i}@example.com`,
              template: "contact-message",
              params: { name: `Kunde ${i}`, email: `kunde${i}@example.com`, message: "Hallo" },
            }),
          );
        }
        // Enqueueing takes a few seconds: the clock must be past the last message's due time.
        clock = new Date(Date.now() + 1_000);
        const transport = () => smtpTransport({ SMTP_URL: sink.url, MAIL_FROM: FROM, publicUrl: PUBLIC_URL });
        const workers = [
          createMailWorker({ db: database.db, transport: transport(), now }),
          createMailWorker({ db: second.db, transport: transport(), now }),
        ];
        const counts = await Promise.all(workers.map((worker) => worker.runOnce()));
        expect(counts[0]! + counts[1]!).toBe(200);
        expect(counts[0]).toBeGreaterThan(0);
        expect(counts[1]).toBeGreaterThan(0);
        expect(sink.messages).toHaveLength(200);
        const delivered = sink.messages.map((m) => m.parsed.messageId);
        expect(new Set(delivered).size).toBe(200);
        const stored = await database.db.select().from(emailOutbox);
        expect(stored.every((m) => m.status === "sent" && m.attempts === 1)).toBe(true);
        expect(new Set(delivered)).toEqual(new Set(stored.map((m) => m.messageId)));
      } finally {
        await second.close();
      }
    }, 60_000);
  }
});
