import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";
import { REDACTED_EMAIL } from "./redact";

/** A logger like the process's, writing its JSON lines into an array. */
function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger(destination);
  logger.level = "info";
  return { logger, output: () => lines.join("") };
}

const ADDRESS = "anna.mueller@example.at";

/** What nodemailer throws when the SMTP server refuses the only recipient. */
function smtpRejection(): Error {
  const rejection = Object.assign(new Error(`Recipient command failed: 550 <${ADDRESS}>: Recipient address rejected`), {
    response: `550 <${ADDRESS}>: Recipient address rejected`,
    recipient: ADDRESS,
  });
  return Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${ADDRESS}>: Recipient address rejected`), {
    code: "EENVELOPE",
    responseCode: 550,
    response: `550 <${ADDRESS}>: Recipient address rejected`,
    rejected: [ADDRESS],
    rejectedErrors: [rejection],
    cause: new Error(`while sending to ${ADDRESS}`),
  });
}

describe("logger: no e-mail address reaches a log line", () => {
  it("redacts addresses in errors (message, stack, SMTP response, rejected lists, causes), fields and the message", () => {
    const { logger, output } = capturedLogger();
    logger.error({ err: smtpRejection(), requestId: "r-1" }, "unhandled error");
    logger.error(smtpRejection());
    logger.warn({ emailId: "e-1", error: `550 <${ADDRESS}>: Recipient address rejected`, nested: { list: [`an ${ADDRESS}`] } }, "failed");
    logger.warn({ other: smtpRejection() }, "an error under another key");
    logger.info(`Nachricht an ${ADDRESS.toUpperCase()}`);
    const text = output();
    expect(text.split("\n").filter(Boolean)).toHaveLength(5);
    expect(text.toLowerCase()).not.toContain(ADDRESS);
    expect(text).not.toContain("mueller");
    expect(text).toContain(`550 <${REDACTED_EMAIL}>: Recipient address rejected`);
    // What helps to find the problem stays: codes, the request id, the stack's frames.
    const first = JSON.parse(text.split("\n")[0]!) as { err: { code: string; message: string; stack: string }; requestId: string };
    expect(first).toMatchObject({
      requestId: "r-1",
      err: { code: "EENVELOPE", response: `550 <${REDACTED_EMAIL}>: Recipient address rejected` },
    });
    // pino folds the cause into message and stack.
    expect(first.err.message).toContain(`while sending to ${REDACTED_EMAIL}`);
    expect(first.err.stack).toContain("logger.server.test.ts");
  });

  it("keeps scoped package paths and versions in stacks, and survives a circular field", () => {
    const { logger, output } = capturedLogger();
    const circular: Record<string, unknown> = { note: `für ${ADDRESS}` };
    circular.self = circular;
    logger.warn({ circular, stack: "at /app/node_modules/@react-router/dev/dist/x.js:1:2 (pkg@1.2.3)" }, "odd");
    const line = JSON.parse(output()) as { circular: { note: string; self: string }; stack: string };
    expect(line.circular).toEqual({ note: `für ${REDACTED_EMAIL}`, self: "[Circular]" });
    expect(line.stack).toBe("at /app/node_modules/@react-router/dev/dist/x.js:1:2 (pkg@1.2.3)");
  });

  it("drops every bound value of a failed query, also those after a line break in a customer's message", () => {
    const { logger, output } = capturedLogger();
    const message = "Bitte Bremsen prüfen.\nRückruf unter 0664 1234567\n    at the workshop";
    const params = [ADDRESS, "0660 7654321", message, "Hauptstraße 5, 1100 Wien", '{"accessToken":"EWvLPM9qSecret"}'];
    const failure = new DrizzleQueryError("select request_appointment($1, $2, $3, $4, $5)", params, new Error("connection terminated"));
    logger.error({ err: failure, requestId: "r-1" }, "unhandled error");
    const text = output();
    for (const value of ["0660 7654321", "0664 1234567", "Rückruf", "Hauptstraße", "EWvLPM9qSecret", "at the workshop", ADDRESS]) {
      expect(text).not.toContain(value);
    }
    const { err } = JSON.parse(text) as { err: { message: string; stack: string } };
    // pino adds the causes to the message.
    expect(err.message).toBe("Failed query: select request_appointment($1, $2, $3, $4, $5)\nparams: [redacted]: connection terminated");
    // The stack keeps the query and its frames, for the engineer reading it.
    expect(err.stack).toContain("Failed query: select request_appointment");
    expect(err.stack).toMatch(/\n\s+at /);
  });

  it("masks the tokens of the customer's link and the unsubscribe link in a logged path", () => {
    const { logger, output } = capturedLogger();
    const token = "EWvLPM9qAbCdEfGhIjKlMnOpQrStUvWxYz0123456_-";
    expect(token).toHaveLength(43);
    logger.info({ path: `/termin/${token}` }, "request");
    logger.info({ path: `/termin/${token}/kalender.ics` }, "request");
    logger.info({ path: `/termin/${token}.data` }, "request");
    logger.error({ err: new Error("x"), path: `/erinnerung/abmelden/${token}` }, "unhandled error");
    logger.info({ path: "/admin/termine/0b7f3c1e-2a44-4f3e-9d55-6c1e2f3a4b5c" }, "request");
    const paths = output()
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { path: string }).path);
    expect(output()).not.toContain(token);
    expect(paths).toEqual([
      "/termin/[token]",
      "/termin/[token]/kalender.ics",
      "/termin/[token].data",
      "/erinnerung/abmelden/[token]",
      "/admin/termine/0b7f3c1e-2a44-4f3e-9d55-6c1e2f3a4b5c",
    ]);
  });
});
