import { desc, inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { isUuid } from "~/domain/ids";
import { type EmailHealth, emailHealth, requeueFailedEmail } from "~/mail/outbox.server";

/** The admin's view of the e-mail outbox: health, undelivered list, 'Erneut senden'. */

/** How many e-mails wait and how many gave up (the admin layout's warning). */
export function outboxHealth(db: Executor): Promise<EmailHealth> {
  return emailHealth(db);
}

/** Puts one failed e-mail back in the queue; false when the id is malformed, unknown or not failed. */
export async function resendFailedEmail(db: Executor, emailId: unknown): Promise<boolean> {
  return isUuid(emailId) && (await requeueFailedEmail(db, emailId));
}

/** E-mails that have not gone out yet or gave up, newest first (the admin's e-mail page). */
export async function listUndeliveredEmails(db: Executor, limit = 100) {
  const rows = await db
    .select({
      id: emailOutbox.id,
      recipient: emailOutbox.recipient,
      template: emailOutbox.template,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      appointmentId: emailOutbox.appointmentId,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ["pending", "failed"]))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
