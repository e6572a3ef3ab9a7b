import fs from "node:fs/promises";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { emailOutbox } from "~/db/schema";
import { type EnqueueEmail, enqueueEmail } from "~/mail/outbox.server";
import { createTransport, EMAILJS_LIB_VERSION, TransportConfigError } from "~/mail/transports.server";
import { createMailWorker } from "~/mail/worker.server";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";
import { confirmParams } from "../support/mail-fixtures";

/** A confirmation as the admin board queues it; EmailJS receives it as confirmParams. */
const confirmation = { name: "Maria Muster", email: "maria@example.com", date: "2026-12-01", time: "08:30", service: "Ölwechsel" };

type Recorded = { method: string; url: string; contentType: string; body: unknown };

/** A stand-in for the EmailJS API that answers with scripted statuses. */
async function startEmailjsStub() {
  const requests: Recorded[] = [];
  const answers: Array<{ status: number; text: string }> = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      requests.push({ method: req.method!, url: req.url!, contentType: req.headers["content-type"] ?? "", body: JSON.parse(raw) });
      const answer = answers.shift() ?? { status: 200, text: "OK" };
      res.writeHead(answer.status, { "Content-Type": "text/plain" }).end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabaseKinds)("e-mail transports (%s)", (kind) => {
  let dataDir: string;
  let clock: Date;
  const now = () => clock;

  const database = useTestDatabase(kind);
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hc-mail-"));
    clock = new Date(Date.now() + 1_000);
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const enqueue = (email: EnqueueEmail) => database.db.transaction((tx) => enqueueEmail(tx, email));
  const row = async (id: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
  const config = (vars: Record<string, string>) => parseEnv({ DATA_DIR: dataDir, ...vars });

  describe("emailjs", () => {
    let stub: Awaited<ReturnType<typeof startEmailjsStub>>;
    beforeEach(async () => {
      stub = await startEmailjsStub();
    });
    afterEach(async () => {
      await stub.close();
    });
    const emailjsWorker = () =>
      createMailWorker({
        db: database.db,
        now,
        transport: createTransport(
          config({
            EMAIL_TRANSPORT: "emailjs",
            EMAILJS_API_URL: stub.url,
            EMAILJS_PUBLIC_KEY: "public-key",
            EMAILJS_PRIVATE_KEY: "private-token",
            EMAILJS_SERVICE_ID: "service_happycar",
            EMAILJS_TEMPLATE_CONFIRMATION: "template_confirm",
            EMAILJS_TEMPLATE_CANCELLATION: "template_cancel",
          }),
        ),
      });

    it("posts the seed's payload for confirmation and cancellation", async () => {
      await enqueue({ recipient: "maria@example.com", template: "appointment-confirmed", params: confirmation });
      await emailjsWorker().runOnce();
      await enqueue({
        recipient: "maria@example.com",
        template: "appointment-cancelled",
        params: { ...confirmation, reason: "Krankheit" },
      });
      await emailjsWorker().runOnce();

      expect(stub.requests).toHaveLength(2);
      expect(stub.requests[0]).toEqual({
        method: "POST",
        url: "/api/v1.0/email/send",
        contentType: "application/json",
        body: {
          lib_version: EMAILJS_LIB_VERSION,
          user_id: "public-key",
          service_id: "service_happycar",
          template_id: "template_confirm",
          template_params: confirmParams,
          accessToken: "private-token",
        },
      });
      expect(stub.requests[1]!.body).toEqual({
        lib_version: EMAILJS_LIB_VERSION,
        user_id: "public-key",
        service_id: "service_happycar",
        template_id: "template_cancel",
        template_params: {
          name: "Maria Muster",
          email: "maria@example.com",
          datum: "01.12.2026",
          uhrzeit: "08:30",
          leistung: "Ölwechsel",
          title: "Terminstornierung",
          grund: "Krankheit",
        },
        accessToken: "private-token",
      });
      const stored = await database.db.select().from(emailOutbox);
      expect(stored.map((m) => m.status)).toEqual(["sent", "sent"]);
    });

    it("posts the same payload for a row queued before the typed payload (German names)", async () => {
      await database.db.insert(emailOutbox).values({
        id: "33333333-3333-4333-8333-333333333333",
        recipient: "maria@example.com",
        template: "appointment-confirmed",
        params: confirmParams,
        messageId: "<33333333-3333-4333-8333-333333333333@happycar.mail>",
      });
      await emailjsWorker().runOnce();
      expect(stub.requests.map((request) => (request.body as { template_params: unknown }).template_params)).toEqual([confirmParams]);
      expect((await database.db.select().from(emailOutbox))[0]!.status).toBe("sent");
    });

    it("retries after 429 and delivers on the next attempt", async () => {
      stub.answers.push({ status: 429, text: "Too Many Requests" });
      const id = await enqueue({ recipient: "maria@example.com", template: "appointment-confirmed", params: confirmation });
      const worker = emailjsWorker();
      await worker.runOnce();
      let stored = await row(id);
      expect(stored.status).toBe("pending");
      expect(stored.lastError).toBe("EmailJS 429: Too Many Requests");
      clock = new Date(clock.getTime() + 60_000);
      await worker.runOnce();
      stored = await row(id);
      expect(stored.status).toBe("sent");
      expect(stub.requests).toHaveLength(2);
    });

    it.each([
      [403, "The user is blocked"],
      [451, "Unavailable For Legal Reasons: headless browser"],
    ])("fails at once on %i with the provider's text", async (status, text) => {
      stub.answers.push({ status, text });
      const id = await enqueue({ recipient: "maria@example.com", template: "appointment-confirmed", params: confirmation });
      await emailjsWorker().runOnce();
      const stored = await row(id);
      expect(stored.status).toBe("failed");
      expect(stored.lastError).toBe(`EmailJS ${status}: ${text}`);
      expect(stub.requests).toHaveLength(1);
    });

    it("retries when the provider cannot be reached", async () => {
      await stub.close();
      const id = await enqueue({ recipient: "maria@example.com", template: "appointment-confirmed", params: confirmation });
      await emailjsWorker().runOnce();
      const stored = await row(id);
      expect(stored.status).toBe("pending");
      expect(stored.lastError).toMatch(/^EmailJS nicht erreichbar/);
      stub = await startEmailjsStub(); // for afterEach
    });

    it("writes the messages without an EmailJS template to .eml files when no SMTP is set", async () => {
      await enqueue({
        recipient: "werkstatt@happycar.example",
        template: "contact-message",
        params: { name: "Kunde", email: "kunde@example.com", message: "Hallo" },
        replyTo: "kunde@example.com",
      });
      await emailjsWorker().runOnce();
      expect(stub.requests).toHaveLength(0);
      const files = await fs.readdir(path.join(dataDir, "mail"));
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(await fs.readFile(path.join(dataDir, "mail", files[0]!)));
      expect(parsed.subject).toBe("Neue Nachricht über das Kontaktformular");
    });

    it("refuses to start without its keys", () => {
      expect(() => createTransport(config({ EMAIL_TRANSPORT: "emailjs", EMAILJS_PUBLIC_KEY: "x" }))).toThrow(
        new TransportConfigError(
          "Ungültige Konfiguration: EMAIL_TRANSPORT=emailjs braucht EMAILJS_PRIVATE_KEY, EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_CONFIRMATION, EMAILJS_TEMPLATE_CANCELLATION",
        ),
      );
    });
  });

  describe("file (the default)", () => {
    it("writes each message as an .eml file under DATA_DIR/mail", async () => {
      const transport = createTransport(config({}));
      expect(transport.name).toBe("file");
      const id = await enqueue({ recipient: "maria@example.com", template: "appointment-confirmed", params: confirmation });
      await createMailWorker({ db: database.db, now, transport }).runOnce();
      expect((await row(id)).status).toBe("sent");
      const files = await fs.readdir(path.join(dataDir, "mail"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(new RegExp(`-appointment-confirmed-${id}\\.eml$`));
      const parsed = await simpleParser(await fs.readFile(path.join(dataDir, "mail", files[0]!)));
      expect(parsed.subject).toBe("Terminbestätigung");
      expect(parsed.to && "text" in parsed.to ? parsed.to.text : "").toBe("maria@example.com");
      expect(parsed.attachments.map((a) => a.filename)).toEqual(["termin.ics"]);
    });

    it("picks smtp when SMTP_URL is set and refuses smtp without it", () => {
      expect(createTransport(config({ SMTP_URL: "smtp://127.0.0.1:2525" })).name).toBe("smtp");
      expect(() => createTransport(config({ EMAIL_TRANSPORT: "smtp" }))).toThrow(
        "Ungültige Konfiguration: EMAIL_TRANSPORT=smtp braucht SMTP_URL",
      );
    });
  });
});
