import crypto from "node:crypto";
import type { Executor } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

/**
 * The e-mails the system sends. Each is written to the outbox in the same
 * transaction as the change that causes it; the worker delivers it later.
 */
export type EmailTemplate =
  | "booking-received-customer"
  | "booking-received-workshop"
  | "appointment-confirmed"
  | "appointment-cancelled"
  | "contact-message";

export type EnqueueEmail = {
  recipient: string;
  template: EmailTemplate;
  /** Template parameters; all strings (the seed's names: name, email, datum, uhrzeit, leistung, grund…). */
  params: Record<string, string>;
  replyTo?: string;
  appointmentId?: string;
  contactMessageId?: string;
};

export async function enqueueEmail(tx: Executor, email: EnqueueEmail): Promise<string> {
  const id = crypto.randomUUID();
  await tx.insert(emailOutbox).values({
    id,
    recipient: email.recipient,
    replyTo: email.replyTo,
    template: email.template,
    params: email.params,
    // Stable across retries, so a mail client can drop a duplicate delivery.
    messageId: `<${id}@happycar.mail>`,
    appointmentId: email.appointmentId,
    contactMessageId: email.contactMessageId,
  });
  return id;
}
