import type { Executor } from "./client.server";
import { auditLog } from "./schema";

/** Who did it: the admin's account, or the system (imports, the customer's own link later). */
export type AuditActor = { id: string; email: string } | null;

/**
 * One entry of the audit trail for an action on no appointment (an account,
 * an export): `subject` names what it touched, e.g. `account:<id>`.
 */
export async function recordAccountAction(
  db: Executor,
  entry: { actor: AuditActor; action: string; subject: string; reason?: string | null; now: Date },
): Promise<void> {
  await db.insert(auditLog).values({
    appointmentId: null,
    subject: entry.subject,
    adminUserId: entry.actor?.id ?? null,
    actor: entry.actor?.email ?? "system",
    action: entry.action,
    reason: entry.reason ?? null,
    createdAt: entry.now,
  });
}
