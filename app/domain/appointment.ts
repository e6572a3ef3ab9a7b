/**
 * Appointment status rules as data: one transition table, one guard.
 * Deleting is not a status change (the row goes away) but it is an admin action
 * like the others, so the same guard answers whether it is allowed.
 */
export const appointmentStatuses = ["beantragt", "bestätigt", "storniert"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

export const appointmentActions = ["confirm", "cancel", "delete"] as const;
export type AppointmentAction = (typeof appointmentActions)[number];

type StatusChange = Exclude<AppointmentAction, "delete">;

const transitions: Record<AppointmentStatus, Partial<Record<StatusChange, AppointmentStatus>>> = {
  beantragt: { confirm: "bestätigt", cancel: "storniert" },
  bestätigt: {},
  storniert: {},
};

/** Statuses that occupy a slot (count against its capacity). */
export const slotOccupyingStatuses: readonly AppointmentStatus[] = ["beantragt", "bestätigt"];

export function canTransition(status: AppointmentStatus, action: AppointmentAction): boolean {
  if (action === "delete") return true;
  return transitions[status][action] !== undefined;
}

/**
 * The status after `action`; `null` for delete (the appointment no longer exists).
 * Throws for a transition the table does not allow: callers check `canTransition` first.
 */
export function nextStatus(status: AppointmentStatus, action: AppointmentAction): AppointmentStatus | null {
  if (action === "delete") return null;
  const next = transitions[status][action];
  if (next === undefined) {
    throw new Error(`Transition not allowed: ${status} --${action}-->`);
  }
  return next;
}

export function availableActions(status: AppointmentStatus): AppointmentAction[] {
  return appointmentActions.filter((action) => canTransition(status, action));
}

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return typeof value === "string" && (appointmentStatuses as readonly string[]).includes(value);
}
