import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EnqueueEmail, enqueueEmail } from "~/mail/outbox.server";
import { smtpTransport } from "~/mail/transports.server";
import { createMailWorker } from "~/mail/worker.server";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const XSS = "<img src=x onerror=alert(1)>";

describe.each(testDatabaseKinds)("e-mail injection (%s)", (kind) => {
  let sink: SmtpSink;

  const database = useTestDatabase(kind);
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });
  beforeEach(async () => {
    sink.messages.length = 0;
  });

  async function deliver(email: EnqueueEmail) {
    await database.db.transaction((tx) => enqueueEmail(tx, email));
    await createMailWorker({
      db: database.db,
      transport: smtpTransport({
        SMTP_URL: sink.url,
        MAIL_FROM: "Happy Car <termine@happycar.example>",
        publicUrl: "http://localhost:3000",
      }),
    }).runOnce();
    expect(sink.messages).toHaveLength(1);
    return sink.messages[0]!;
  }

  it("shows HTML typed by a customer as text", async () => {
    const mail = await deliver({
      recipient: "werkstatt@happycar.example",
      template: "booking-received-workshop",
      params: {
        name: XSS,
        email: "kunde@example.com",
        phone: "0660 1",
        date: "2026-12-01",
        time: "08:30",
        service: '"><script>alert(2)</script>',
        message: "<b>fett</b> & <a href=javascript:alert(3)>klick</a>",
      },
    });
    const html = mail.parsed.html as string;
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;fett&lt;/b&gt; &amp; &lt;a href=javascript:alert(3)&gt;klick&lt;/a&gt;");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("javascript:alert(3)>");
    expect(mail.parsed.text).toContain(`Name: ${XSS}`);
  });

  it("never lets CR/LF in a value add a header or a recipient", async () => {
    const mail = await deliver({
      recipient: "werkstatt@happycar.example",
      template: "contact-message",
      replyTo: "kunde@example.com",
      params: {
        name: "Max\r\nBcc: evil@example.com",
        email: "kunde@example.com",
        subject: "Hallo\r\nSubject: Gewonnen\r\nX-Injected: 1",
        message: "Zeile 1\r\n.\r\nMAIL FROM:<evil@example.com>\r\nRCPT TO:<evil@example.com>\r\n\r\nZeile 2",
      },
    });
    expect(mail.envelopeTo).toEqual(["werkstatt@happycar.example"]);
    expect(mail.parsed.subject).toBe("Neue Nachricht über das Kontaktformular");
    expect(mail.parsed.headers.has("bcc")).toBe(false);
    expect(mail.parsed.headers.has("x-injected")).toBe(false);
    expect(mail.parsed.replyTo?.text).toBe("kunde@example.com");
    const headerBlock = mail.raw.split("\r\n\r\n")[0]!;
    expect(headerBlock).not.toMatch(/evil|Gewonnen|X-Injected/i);
    // Single-line fields lose the line break; the message keeps its lines as body text.
    expect(mail.parsed.text).toContain("Name: Max Bcc: evil@example.com");
    expect(mail.parsed.text).toContain("Betreff: Hallo Subject: Gewonnen X-Injected: 1");
    expect(mail.parsed.text).toContain("MAIL FROM:<evil@example.com>");
    expect(sink.messages).toHaveLength(1);
  });
});
