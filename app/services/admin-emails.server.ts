import { desc, inArray } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";

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
