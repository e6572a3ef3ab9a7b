import type { AppointmentStatus } from "~/domain/appointment";
import type { Executor } from "./client.server";
import { auditLog } from "./schema";

/**
 * Who did it: an admin's account, the customer through the personal link of an e-mail, or the
 * system (imports, the first start).
 */
export type AuditActor = { id: string; email: string } | "customer" | null;

/** How the trail names a customer who acted through the personal link (issue 16); stored, shown on the board. */
const CUSTOMER_ACTOR = "Kunde (persönlicher Link)";

/**
 * One entry of the audit trail: an action on an appointment (with its status before and after;
 * a progress entry keeps the new state in `reason`), or on something else that `subject` names
 * (`account:<id>`, `closure:<id>`, `settings`, an export). The only writer of the trail, inside
 * the transaction of the change it records.
 */
export type AuditRecord = { actor: AuditActor; action: string; reason?: string | null; now: Date } & (
  { appointmentId: string; oldStatus: AppointmentStatus; newStatus: AppointmentStatus | null } | { subject: string }
);

export async function recordAudit(db: Executor, entry: AuditRecord): Promise<void> {
  const { actor } = entry;
  const admin = actor === "customer" ? null : actor;
  await db.insert(auditLog).values({
    ...("subject" in entry
      ? { appointmentId: null, subject: entry.subject }
      : { appointmentId: entry.appointmentId, oldStatus: entry.oldStatus, newStatus: entry.newStatus }),
    adminUserId: admin?.id ?? null,
    actor: actor === "customer" ? CUSTOMER_ACTOR : (admin?.email ?? "system"),
    action: entry.action,
    reason: entry.reason ?? null,
    createdAt: entry.now,
  });
}
