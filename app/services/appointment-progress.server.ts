import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { AdminIdentity } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import { createCustomerLink } from "~/db/customer-links.server";
import { appointments } from "~/db/schema";
import { isProgressState, type ProgressState } from "~/domain/appointment";
import type { AdminErrorCode } from "~/domain/error-codes";
import { enqueueEmail } from "~/mail/outbox.server";
import { writeAudit } from "./admin-appointments.server";
import { readyEmailEnabled } from "./board-settings.server";

/**
 * Where a confirmed appointment's car is (issue 16): 'Fahrzeug angekommen',
 * 'In Arbeit', 'Abholbereit', set on the board by staff or an owner.
 */
export type ProgressResult =
  | {
      ok: true;
      progress: ProgressState;
      /** False when the appointment already had this state: nothing was written or sent. */
      changed: boolean;
      /** Whether the customer's 'Abholbereit' e-mail was queued. */
      emailQueued: boolean;
    }
  | { ok: false; status: 400 | 404 | 409; code: AdminErrorCode };

/**
 * One conditional update (`… WHERE status = 'bestätigt' AND progress IS
 * DISTINCT FROM the new one`), so of two admins pressing 'Abholbereit' at once
 * exactly one changes the row, writes the audit entry and queues the e-mail;
 * the other finds the state already set and changes nothing. Any state may
 * follow any other: the board corrects a mistaken click the same way.
 */
export async function setAppointmentProgress(
  db: Database,
  { id, admin, progress, now = new Date() }: { id: string; admin: AdminIdentity; progress: unknown; now?: Date },
): Promise<ProgressResult> {
  if (!isProgressState(progress)) return { ok: false, status: 400, code: "invalidProgress" };
  return db.transaction(async (tx): Promise<ProgressResult> => {
    const [row] = await tx
      .update(appointments)
      .set({ progress, progressAt: now, progressBy: admin.id, updatedAt: now })
      .where(
        and(
          eq(appointments.id, id),
          eq(appointments.status, "bestätigt"),
          or(isNull(appointments.progress), ne(appointments.progress, progress)),
        ),
      )
      .returning();
    if (!row) {
      const [current] = await tx.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
      if (!current) return { ok: false, status: 404, code: "notFound" };
      if (current.status !== "bestätigt") return { ok: false, status: 409, code: "notConfirmed" };
      // Confirmed but not updated: it already had this state.
      return { ok: true, progress, changed: false, emailQueued: false };
    }
    await writeAudit(tx, {
      appointmentId: id,
      admin,
      action: "progress",
      oldStatus: row.status,
      newStatus: row.status,
      reason: progress,
      now,
    });
    const emailQueued = progress === "ready" && (await readyEmailEnabled(tx));
    if (emailQueued) {
      await enqueueEmail(tx, {
        recipient: row.email,
        template: "appointment-ready",
        params: {
          name: row.name,
          email: row.email,
          date: row.date,
          time: row.time,
          service: row.service,
          licensePlate: row.licensePlate,
          handover: row.handover ?? undefined,
          accessToken: await createCustomerLink(tx, row.id, now),
        },
        appointmentId: row.id,
      });
    }
    return { ok: true, progress, changed: true, emailQueued };
  });
}
