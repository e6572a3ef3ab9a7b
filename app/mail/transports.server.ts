import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type NodemailerError, type SendMailOptions } from "nodemailer";
import type { Env } from "~/config/env.server";
import type { WorkshopFacts } from "~/domain/workshop";
import { formatIsoDateDE } from "~/lib/format-date";
import { servicesLine } from "~/lib/format-services";
import { logger } from "~/lib/logger.server";
import { type AppointmentEmail, readEmail, type StoredEmail, TemplateError } from "./emails";
import { renderEmail } from "./templates";

/** One outbox row as the transports need it. */
export type OutboxMessage = {
  id: string;
  recipient: string;
  replyTo: string | null;
  template: string;
  /** The stored JSON (see ./emails; old rows: ./legacy-params). */
  params: unknown;
  messageId: string;
  appointmentId: string | null;
  createdAt: Date;
  /** The workshop's facts as the worker read them when sending (issue 29); absent: a new database's. */
  workshop?: WorkshopFacts;
};

export type MailTransport = {
  name: "smtp" | "emailjs" | "file";
  send(message: OutboxMessage): Promise<void>;
  close?(): void;
};

/** A failed delivery; `permanent` means retrying the same message cannot succeed. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export type TransportConfig = Pick<
  Env,
  | "EMAIL_TRANSPORT"
  | "SMTP_URL"
  | "MAIL_FROM"
  | "DATA_DIR"
  | "PUBLIC_URL"
  | "PORT"
  | "EMAILJS_API_URL"
  | "EMAILJS_PUBLIC_KEY"
  | "EMAILJS_PRIVATE_KEY"
  | "EMAILJS_SERVICE_ID"
  | "EMAILJS_TEMPLATE_CONFIRMATION"
  | "EMAILJS_TEMPLATE_CANCELLATION"
>;

export class TransportConfigError extends Error {}

/** The sender address when MAIL_FROM is unset (an EXAMPLE: set MAIL_FROM for go-live, README). */
export const DEFAULT_MAIL_FROM = "Happy Car <termine@happycar.example>";
/** Its address: the sender name of the 'Einstellungen' page goes with it while MAIL_FROM is unset. */
const DEFAULT_SENDER_ADDRESS = "termine@happycar.example";

/** Where links in e-mails point: PUBLIC_URL, or the local server when it is unset. */
export function publicUrlOf(config: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/**
 * The full MIME message of an outbox row; the same for SMTP and the .eml files. `from`: MAIL_FROM
 * when set (it wins, issue 29); unset, the facts' sender name with the default address.
 */
export function composeMail(message: OutboxMessage, from: string | undefined, publicUrl: string): SendMailOptions {
  const rendered = renderEmail(message, publicUrl, message.workshop);
  const senderName = message.workshop?.email.senderName;
  return {
    from: from ?? (senderName ? { name: senderName, address: DEFAULT_SENDER_ADDRESS } : DEFAULT_MAIL_FROM),
    to: message.recipient,
    replyTo: message.replyTo ?? undefined,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: message.messageId,
    date: message.createdAt,
    attachments: rendered.attachments,
    // Keeps auto-responders from answering system mail; the template's own (List-Unsubscribe) beside it.
    headers: { "Auto-Submitted": "auto-generated", ...rendered.headers },
  };
}

/** Turns render and transport errors into DeliveryError. */
function deliveryErrorOf(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  if (error instanceof TemplateError) return new DeliveryError(error.message, true);
  const mailError = error as NodemailerError;
  // A rejected message or recipient (5xx) is final; a rejected login is a
  // configuration mistake that the operator fixes, so it is retried.
  const permanent = mailError.permanent === true && !/^AUTH/i.test(mailError.command ?? "");
  const text = mailError.response ?? mailError.message ?? String(error);
  return new DeliveryError(text, permanent);
}

export function smtpTransport(config: { SMTP_URL: string; MAIL_FROM: string | undefined; publicUrl: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    // Well inside the worker's lease, so a hanging server cannot outlive it.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    name: "smtp",
    async send(message) {
      try {
        await transporter.sendMail(composeMail(message, config.MAIL_FROM, config.publicUrl));
      } catch (error) {
        throw deliveryErrorOf(error);
      }
    },
    close: () => transporter.close(),
  };
}

/** How old a half-written message must be to count as left by a killed process, not one being written. */
const LEFTOVER_AGE_MS = 60_000;

/**
 * Half-written messages a killed process (SIGKILL, power cut) left in the folder: removed before the
 * first message of this process. Not the fresh ones: another process may be writing them right now.
 */
async function removeLeftovers(folder: string, now = Date.now()): Promise<void> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(".") && entry.endsWith(".eml.part"))) {
    const file = path.join(folder, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > LEFTOVER_AGE_MS) await fs.rm(file, { force: true });
  }
}

export function fileTransport(config: { DATA_DIR: string; MAIL_FROM: string | undefined; publicUrl: string }): MailTransport {
  const folder = path.resolve(config.DATA_DIR, "mail");
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  let tidied: Promise<void> | undefined;
  return {
    name: "file",
    async send(message) {
      let raw: Buffer;
      try {
        const info = await composer.sendMail(composeMail(message, config.MAIL_FROM, config.publicUrl));
        raw = info.message as Buffer;
      } catch (error) {
        throw deliveryErrorOf(error);
      }
      await fs.mkdir(folder, { recursive: true });
      await (tidied ??= removeLeftovers(folder));
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(folder, `${stamp}-${message.template}-${message.id}.eml`);
      // Written aside, then renamed: whoever reads the folder (a person, a test) sees whole messages
      // only. The aside name is unique, so two attempts at one message never share it.
      const partial = path.join(folder, `.${message.id}-${crypto.randomBytes(4).toString("hex")}.eml.part`);
      try {
        await fs.writeFile(partial, raw);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      logger.info({ file, template: message.template, emailId: message.id }, "E-Mail als Datei gespeichert (EMAIL_TRANSPORT=file)");
    },
  };
}

const CUSTOMER_CANCELLED_REASON = "Von Ihnen abgesagt";

/** The version of the EmailJS browser SDK the seed's calls imitate. */
export const EMAILJS_LIB_VERSION = "4.4.1";

const EMAILJS_TEMPLATES = ["appointment-confirmed", "appointment-cancelled"] as const;

type EmailjsTemplate = (typeof EMAILJS_TEMPLATES)[number];

/**
 * The seed's EmailJS template_params: the only place the German EmailJS
 * names (datum as dd.MM.yyyy, uhrzeit, leistung, title, grund) exist.
 */
function emailjsCall(email: StoredEmail): { template: EmailjsTemplate; params: Record<string, string> } | null {
  const appointment = (data: AppointmentEmail) => ({
    name: data.name,
    email: data.email,
    datum: formatIsoDateDE(data.date),
    uhrzeit: data.time,
    leistung: servicesLine(data).value,
  });
  switch (email.template) {
    case "appointment-confirmed":
      return { template: email.template, params: { ...appointment(email.data), title: "Terminbestätigung" } };
    case "appointment-cancelled":
      return {
        template: email.template,
        // The seed's template always shows a reason; a customer who cancelled without one gets this.
        params: { ...appointment(email.data), title: "Terminstornierung", grund: email.data.reason ?? CUSTOMER_CANCELLED_REASON },
      };
    default:
      return null;
  }
}

export type EmailjsConfig = {
  apiUrl: string;
  publicKey: string;
  privateKey: string;
  serviceId: string;
  templates: Record<EmailjsTemplate, string>;
};

export function isEmailjsTemplate(template: string): template is EmailjsTemplate {
  return (EMAILJS_TEMPLATES as readonly string[]).includes(template);
}

/**
 * The seed's EmailJS call, made by the server: the same JSON and
 * template_params, plus the private access token. Only confirmation and
 * cancellation have EmailJS templates (see createTransport for the rest).
 */
export function emailjsTransport(config: EmailjsConfig): MailTransport {
  const endpoint = new URL("/api/v1.0/email/send", config.apiUrl).toString();
  return {
    name: "emailjs",
    async send(message) {
      let call: ReturnType<typeof emailjsCall>;
      try {
        call = emailjsCall(readEmail(message.template, message.params));
      } catch (error) {
        throw deliveryErrorOf(error);
      }
      if (!call) throw new DeliveryError(`Für ${message.template} gibt es keine EmailJS-Vorlage`, true);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            lib_version: EMAILJS_LIB_VERSION,
            user_id: config.publicKey,
            service_id: config.serviceId,
            template_id: config.templates[call.template],
            template_params: call.params,
            accessToken: config.privateKey,
          }),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        throw new DeliveryError(`EmailJS nicht erreichbar: ${(error as Error).message}`, false);
      }
      if (response.ok) return;
      const text = (await response.text().catch(() => "")).slice(0, 500);
      // 429 (rate limit) and server errors pass; 403 (blocked), 451 and other 4xx do not.
      const permanent = response.status !== 429 && response.status < 500;
      throw new DeliveryError(`EmailJS ${response.status}: ${text}`, permanent);
    },
  };
}

/** Sends EmailJS templates through EmailJS and everything else through `other`. */
function splitTransport(emailjs: MailTransport, other: MailTransport): MailTransport {
  return {
    name: "emailjs",
    send: (message) => (isEmailjsTemplate(message.template) ? emailjs : other).send(message),
    close: () => other.close?.(),
  };
}

/**
 * The transport EMAIL_TRANSPORT asks for: `smtp` by default when SMTP_URL is
 * set, otherwise `file`. With `emailjs`, confirmations and cancellations go
 * through EmailJS; the booking receipts and contact messages have no EmailJS
 * template and go by SMTP when SMTP_URL is set, else into .eml files.
 */
export function createTransport(config: TransportConfig): MailTransport {
  const kind = config.EMAIL_TRANSPORT ?? (config.SMTP_URL ? "smtp" : "file");
  const publicUrl = publicUrlOf(config);
  // Unset: each message's sender name comes from the workshop's facts (composeMail).
  const from = config.MAIL_FROM;
  const smtpOrFile = (): MailTransport =>
    config.SMTP_URL
      ? smtpTransport({ SMTP_URL: config.SMTP_URL, MAIL_FROM: from, publicUrl })
      : fileTransport({ DATA_DIR: config.DATA_DIR, MAIL_FROM: from, publicUrl });
  if (kind === "file") return fileTransport({ DATA_DIR: config.DATA_DIR, MAIL_FROM: from, publicUrl });
  if (kind === "smtp") {
    if (!config.SMTP_URL) throw new TransportConfigError("Ungültige Konfiguration: EMAIL_TRANSPORT=smtp braucht SMTP_URL");
    return smtpOrFile();
  }
  const required = {
    EMAILJS_PUBLIC_KEY: config.EMAILJS_PUBLIC_KEY,
    EMAILJS_PRIVATE_KEY: config.EMAILJS_PRIVATE_KEY,
    EMAILJS_SERVICE_ID: config.EMAILJS_SERVICE_ID,
    EMAILJS_TEMPLATE_CONFIRMATION: config.EMAILJS_TEMPLATE_CONFIRMATION,
    EMAILJS_TEMPLATE_CANCELLATION: config.EMAILJS_TEMPLATE_CANCELLATION,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new TransportConfigError(`Ungültige Konfiguration: EMAIL_TRANSPORT=emailjs braucht ${missing.join(", ")}`);
  }
  const emailjs = emailjsTransport({
    apiUrl: config.EMAILJS_API_URL,
    publicKey: required.EMAILJS_PUBLIC_KEY!,
    privateKey: required.EMAILJS_PRIVATE_KEY!,
    serviceId: required.EMAILJS_SERVICE_ID!,
    templates: {
      "appointment-confirmed": required.EMAILJS_TEMPLATE_CONFIRMATION!,
      "appointment-cancelled": required.EMAILJS_TEMPLATE_CANCELLATION!,
    },
  });
  return splitTransport(emailjs, smtpOrFile());
}
