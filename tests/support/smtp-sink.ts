import net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { envelopeFrom: string; envelopeTo: string[]; raw: string; parsed: ParsedMail };

export type SmtpSink = {
  port: number;
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server in the test process that keeps every message it gets.
 * `rejectRecipients` answers RCPT TO with 550 for matching addresses, naming
 * the address as Postfix does ("550 <x@y>: Recipient address rejected").
 */
export async function startSmtpSink(options: { port?: number; rejectRecipients?: RegExp } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.test(address.address)) {
        const error = new Error(`<${address.address}>: Recipient address rejected: Mailbox unavailable`) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((to) => to.address),
          raw,
          parsed: await simpleParser(raw),
        });
        callback();
      });
    },
  });
  server.on("error", () => {});
  const port = await new Promise<number>((resolve, reject) => {
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve((server.server.address() as net.AddressInfo).port));
    server.server.once("error", reject);
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (for "SMTP is down"). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
