import type { PasswordProblem } from "~/auth/password-policy";

/**
 * What went wrong, as codes: services answer with these, the edge
 * (app/messages.ts, routes, components) puts them into words.
 */

/**
 * Why an admin action on an appointment was refused; slotFull: the slot's confirmed appointments reach SLOT_CAPACITY;
 * notConfirmed / invalidProgress: the car's progress (issue 16) is set only on a confirmed appointment, to a known state.
 */
export type AdminErrorCode =
  | "reasonRequired"
  | "reasonTooLong"
  | "notFound"
  | "conflict"
  | "slotFull"
  | "resendFailed"
  | "ownerOnly"
  | "noteTooLong"
  | "notConfirmed"
  | "invalidProgress";

/** Why an admin account could not be created, reset or set up; password problems keep their own codes. */
export type AccountErrorCode = "invalidEmail" | "exists" | "unknown" | "setupInvalid" | "setupDone" | PasswordProblem;

/** Why a change of the second factor (the 'Sicherheit' page, /api/v1/admin/2fa/*) was refused. */
export type SecondFactorErrorCode = "alreadyEnabled" | "notStarted" | "notEnabled" | "wrongPasswordOrCode" | "required" | "ownerOnly";

/** Why a change on the 'Team' page (/api/v1/admin/users) was refused. */
export type TeamErrorCode =
  "ownerOnly" | "invalidEmail" | "invalidName" | "exists" | "notFound" | "lastOwner" | "invitationInvalid" | PasswordProblem;

/** Why a change of the board's settings (/api/v1/admin/settings) was refused. */
export type SettingsErrorCode = "ownerOnly";

/** Why the CSV export was refused: not an owner, from/to not dates (or from after to), an unknown tab. */
export type ExportErrorCode = "ownerOnly" | "invalidDates" | "invalidStatus";
