import { type Env, env } from "~/config/env.server";
import type { Database, Executor } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { fail, type Failure, type Ok, ok } from "~/domain/result";
import { logger } from "~/lib/logger.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { type ContactFieldErrors, type ContactVariant, validateContact } from "~/schemas/contact";
import { FORM_RATE_LIMIT_WINDOW_SECONDS, formRateLimited, honeypotFilled } from "./form-guard.server";
import { workshopFactsInForce } from "./workshop-facts.server";

export type ContactConfig = {
  /** Contact messages per client IP per window; 0 turns the limit off. */
  rateLimit: number;
  rateLimitWindowSeconds: number;
  workshopEmail: string;
};

/**
 * The contact form's limits and where its messages go: WORKSHOP_EMAIL where set, else the notice
 * address of 'Einstellungen' → E-Mail as it is now (issue 29).
 */
export async function contactConfig(db: Database, config: Env = env()): Promise<ContactConfig> {
  return {
    rateLimit: config.CONTACT_RATE_LIMIT,
    rateLimitWindowSeconds: FORM_RATE_LIMIT_WINDOW_SECONDS,
    workshopEmail: (await workshopFactsInForce(db, config)).email.noticeAddress,
  };
}

/** A stored message's id, or why nothing was stored; app/messages.ts (contactFormMessages) words the codes. */
export type ContactResult =
  | Ok<{ id: string }>
  /** A bot filled the honeypot: answered like a sent message, nothing stored. */
  | Failure<"honeypot">
  | (Failure<"invalid"> & { fields: ContactFieldErrors; missingRequired: boolean })
  | (Failure<"rate-limited"> & { retryAfterSeconds: number });

/**
 * A visitor's message from a contact form. The stored message and its e-mail
 * to the workshop (Reply-To: the sender) are written in one transaction.
 */
export async function sendContactMessage(
  db: Executor,
  input: Record<string, unknown>,
  { now, clientIp, config, variant }: { now: Date; clientIp: string; config: ContactConfig; variant?: ContactVariant },
): Promise<ContactResult> {
  if (honeypotFilled("contact", input, clientIp)) return fail("honeypot");

  const validation = validateContact(input, variant);
  if (!validation.ok) {
    const { fields, missingRequired } = validation;
    return fail("invalid", { fields, missingRequired });
  }
  const contact = validation.data;

  const retryAfterSeconds = await formRateLimited(db, "contact", {
    clientIp,
    limit: config.rateLimit,
    windowSeconds: config.rateLimitWindowSeconds,
    now,
  });
  if (retryAfterSeconds !== null) return fail("rate-limited", { retryAfterSeconds });

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: contact.name, email: contact.email, phone: contact.phone, subject: contact.subject, message: contact.message })
      .returning({ id: contactMessages.id });
    await enqueueEmail(tx, {
      recipient: config.workshopEmail,
      template: "contact-message",
      replyTo: contact.email,
      contactMessageId: row!.id,
      params: {
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        subject: contact.subject,
        message: contact.message,
      },
    });
    return row!.id;
  });
  logger.info({ contactMessageId: id }, "contact message received");
  return ok({ id });
}
