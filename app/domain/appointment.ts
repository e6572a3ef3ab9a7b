import type { Handover } from "./vehicle";

/**
 * Appointment status rules as data: one transition table, one guard.
 * Deleting is not a status change (the row goes away) but it is an admin action
 * like the others, so the same guard answers whether it is allowed.
 */
export const appointmentStatuses = ["beantragt", "bestätigt", "storniert"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/** The admin board's tabs: every appointment, or those in one status. */
const adminTabs = ["alle", ...appointmentStatuses] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The board list's view in time: from the workshop's today on (its default), or the past before it. */
export type ListPeriod = "upcoming" | "past";

/** Delivery state of an outbox e-mail. */
/** Where a confirmed appointment's car is (issue 16), beside its status; `collected` ('Abgeholt', issue 28) ends the visit. */
export const progressStates = ["arrived", "in_progress", "ready", "collected"] as const;
export type ProgressState = (typeof progressStates)[number];

export function isProgressState(value: unknown): value is ProgressState {
  return typeof value === "string" && (progressStates as readonly string[]).includes(value);
}

/** The states that say the work is done ('Abholbereit', 'Abgeholt'): not before the appointment's day. */
export function isDoneState(progress: ProgressState): boolean {
  return progress === "ready" || progress === "collected";
}

/**
 * Whether `progress` may be set on a confirmed appointment of `appointmentDate`
 * on `today` (both calendar dates in the workshop's zone): 'Abholbereit' tells
 * the customer at once to come and 'Abgeholt' ends the visit, so not before the
 * appointment's day; the other states any time (a car brought in early).
 */
export function progressAllowedOn(progress: ProgressState, appointmentDate: string, today: string): boolean {
  return !isDoneState(progress) || today >= appointmentDate;
}

/** Why 'Nicht erschienen' cannot be marked (issue 28): not confirmed, the start still ahead, or the car came. */
export type NoShowRefusal = "notConfirmed" | "noShowTooEarly" | "carArrived";

/**
 * Whether a confirmed appointment starting at `startsAt` may be marked 'Nicht erschienen' at `now`:
 * only once its start has passed, and only while no progress says the car arrived.
 */
export function noShowRefusal(
  appointment: { status: AppointmentStatus; progress: ProgressState | null; startsAt: Date },
  now: Date,
): NoShowRefusal | null {
  if (appointment.status !== "bestätigt") return "notConfirmed";
  if (appointment.progress !== null) return "carArrived";
  if (now.getTime() < appointment.startsAt.getTime()) return "noShowTooEarly";
  return null;
}

/** A 'Nicht erschienen' marked on `markedOn` may be undone on that same day only (calendar dates in the workshop's zone). */
export function noShowUndoAllowed(markedOn: string, today: string): boolean {
  return markedOn === today;
}

/** Who cancelled: the workshop on the board, or the customer through the personal link. */
export const cancellers = ["workshop", "customer"] as const;
export type Canceller = (typeof cancellers)[number];

/** How an appointment came in (issue 28): the online form, a phone call, the counter. */
export const appointmentSources = ["online", "phone", "counter"] as const;
export type AppointmentSource = (typeof appointmentSources)[number];

/** Moves a customer may make on the personal link (issue 28); the workshop's moves do not count. */
export const MAX_CUSTOMER_MOVES = 3;

/** `superseded`: not sent, because the appointment's state had overtaken it (emailOvertaken). */
export const emailStatuses = ["pending", "sent", "failed", "superseded"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/**
 * The customer's e-mails about an appointment and the states in which what they say is still true.
 * Messages to the workshop are not listed: it keeps the whole history.
 */
const currentWhile: Readonly<Record<string, readonly AppointmentStatus[]>> = {
  "booking-received-customer": ["beantragt", "bestätigt"],
  "appointment-confirmed": ["bestätigt"],
  "appointment-reminder": ["bestätigt"],
  "appointment-ready": ["bestätigt"],
};

/**
 * Whether a queued e-mail no longer says what is true when its turn comes (issue 31, finding 4):
 * after an outage the queue may still hold the receipt and the confirmation of an appointment
 * cancelled meanwhile; sent after all, the last word in the inbox would be the wrong one.
 */
export function emailOvertaken(template: string, status: AppointmentStatus): boolean {
  const current = Object.hasOwn(currentWhile, template) ? currentWhile[template] : undefined;
  return current !== undefined && !current.includes(status);
}

/** An appointment as the admin board shows it. */
export type AdminAppointment = {
  id: string;
  name: string;
  /** Null: entered for a caller without an address (issue 28), who gets no e-mails. */
  email: string | null;
  phone: string;
  date: string;
  time: string;
  /** The first service; `services` the whole list of the visit (issue 28), `service` first. */
  service: string;
  services: string[];
  message: string | null;
  status: AppointmentStatus;
  cancellationReason: string | null;
  createdAt: string;
  /** Minutes from `time` the booking occupies. */
  durationMinutes: number;
  /** The car and how it reaches the workshop (issue 14); null when not given. */
  licensePlate: string | null;
  vehicleModel: string | null;
  mileageKm: number | null;
  /** yyyy-MM */
  firstRegistration: string | null;
  handover: Handover | null;
  pickupAddress: string | null;
  /** The workshop's own note; never shown to the customer. */
  internalNote: string | null;
  /** Where the car is (issue 16), set on the board for a confirmed appointment; null until then. */
  progress: ProgressState | null;
  /** When the appointment was marked 'Nicht erschienen' (ISO instant); null otherwise. */
  noShowAt: string | null;
  /** The customer's earlier no-shows (same e-mail or phone), counted for a new request only; 0 otherwise. */
  earlierNoShows: number;
  /** State of the newest e-mail to the customer; null when none was queued. */
  emailState: EmailStatus | null;
  /** How it came in (issue 28): online, phone, counter. */
  source: AppointmentSource;
  /** 'Trotzdem eintragen': the reason it was placed anyway, and whether it lacks a resource ('überbucht'). */
  overrideReason: string | null;
  overbooked: boolean;
};

/** One of the car's or the customer's other appointments, as the appointment page lists them (issue 28). */
export type EarlierVisit = {
  id: string;
  date: string;
  time: string;
  service: string;
  status: AppointmentStatus;
  licensePlate: string | null;
  /** Marked 'Nicht erschienen'. */
  noShow: boolean;
  progress: ProgressState | null;
};

/** The longest internal note the board keeps (characters). */
export const MAX_NOTE_LENGTH = 2000;

const appointmentActions = ["confirm", "cancel", "delete"] as const;
export type AppointmentAction = (typeof appointmentActions)[number];

type StatusChange = Exclude<AppointmentAction, "delete">;

// A confirmed appointment can still be cancelled: a closure entered later (issue 15, decision 018), illness.
const transitions: Record<AppointmentStatus, Partial<Record<StatusChange, AppointmentStatus>>> = {
  beantragt: { confirm: "bestätigt", cancel: "storniert" },
  bestätigt: { cancel: "storniert" },
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

export function isAdminTab(value: unknown): value is AdminTab {
  return typeof value === "string" && (adminTabs as readonly string[]).includes(value);
}
