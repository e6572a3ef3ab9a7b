import type { Failure } from "./result";

/**
 * What went wrong, as codes: services answer with these (app/domain/result.ts), the edge gives
 * each its HTTP status (app/http-status.ts) and its German words (app/messages.ts).
 */

/**
 * Why a new password is refused (app/auth/password-policy.server.ts): its length, a breached password
 * with digits or symbols added (`common`), or too easy to guess by the strength estimate (`weak`).
 */
export type PasswordProblem = "tooShort" | "tooLong" | "common" | "weak";

/**
 * What the strength estimate (zxcvbn) found first in a `weak` password, in zxcvbn's own keys
 * (its `translationKeys.warnings`, less `pwned`, whose matcher is not used); app/messages.ts words them.
 */
export type PasswordWarning =
  | "straightRow"
  | "keyPattern"
  | "simpleRepeat"
  | "extendedRepeat"
  | "sequences"
  | "recentYears"
  | "dates"
  | "topTen"
  | "topHundred"
  | "common"
  | "similarToCommon"
  | "wordByItself"
  | "namesByThemselves"
  | "commonNames"
  | "userInputs";

/** A refused new password: its code, and for a `weak` one what the estimate found, when it names something. */
export type PasswordRefusal = Failure<PasswordProblem> & { warning?: PasswordWarning };

/**
 * Why an admin action on an appointment was refused; slotFull: the slot's confirmed appointments reach SLOT_CAPACITY;
 * notConfirmed / invalidProgress: the car's progress (issue 16) is set only on a confirmed appointment, to a known state;
 * emailNotFound / resendFailed: 'Erneut senden' found no customer e-mail, or the newest one has not failed.
 * readyTooEarly: 'Abholbereit' (which e-mails the customer) only from the appointment's day on.
 */
export type AdminErrorCode =
  | "reasonRequired"
  | "reasonTooLong"
  | "notFound"
  | "conflict"
  | "slotFull"
  | "emailNotFound"
  | "resendFailed"
  | "ownerOnly"
  | "noteTooLong"
  | "notConfirmed"
  | "invalidProgress"
  | "readyTooEarly"
  | "stepUpRequired"
  /** 'Erinnerung löschen': the appointment gave no §57a consent, or it is gone already. */
  | "reminderNotFound"
  /** 'Erinnerung löschen' is the owner's, as deleting is (app/domain/access.ts). */
  | "reminderOwnerOnly"
  /** 'Nicht erschienen' (issue 28): the start has not passed yet, or the car arrived (a progress is set). */
  /** 'Abgeholt' ends the visit: only from the appointment's day on, as 'Abholbereit'. */
  | "collectedTooEarly"
  | "noShowTooEarly"
  | "carArrived"
  /** Undoing 'Nicht erschienen': it is not marked, or it was marked on an earlier day. */
  | "noShowNotMarked"
  | "noShowUndoTooLate"
  /** A progress on an appointment marked 'Nicht erschienen': undo the mark first. */
  | "noShowMarked";

/** Why an admin account could not be created, reset or set up; password problems keep their own codes. */
export type AccountErrorCode = "invalidEmail" | "exists" | "unknown" | "setupInvalid" | "setupDone" | PasswordProblem;

/**
 * Why a login (form, JSON API, the form's code step) was refused; `throttled` by the per-IP block or the per-address gate;
 * `secondFactorLocked`: the password was right, but the account's code login is locked after too many wrong codes (decision 033);
 * `passkeyRequired`: the password was right, but the account's second factor is a passkey, which logs in alone;
 * `passkeyRefused`: a login with a passkey failed, for whatever reason (decision 034).
 */
export type LoginErrorCode = "wrongPassword" | "secondFactor" | "secondFactorLocked" | "passkeyRequired" | "passkeyRefused" | "throttled";

/** Why a change of the second factor (the 'Sicherheit' page, /api/v1/admin/2fa/*) was refused. */
export type SecondFactorErrorCode =
  | "alreadyEnabled"
  | "notStarted"
  | "notEnabled"
  | "wrongPasswordOrCode"
  | "secondFactorLocked"
  | "required"
  | "ownerOnly"
  | "stepUpRequired";

/**
 * Why adding or removing a passkey ('Sicherheit', /api/v1/admin/passkeys) was refused (decision 034): `passkeyFailed`
 * the browser's answer did not verify (challenge spent or expired, another origin or relying party, no user
 * verification); `passkeyExists` it is registered already; `wrongCurrentPassword` adding needs the password;
 * `wrongPasswordOrCode` / `secondFactorLocked` removing needs the password or a code; `lastFactor` the account's
 * last second factor while the owner requires one.
 */
export type PasskeyErrorCode =
  "passkeyFailed" | "passkeyExists" | "notFound" | "wrongCurrentPassword" | "wrongPasswordOrCode" | "secondFactorLocked" | "lastFactor";

/** Why an account was refused before any input was read (app/domain/access.ts). */
export type AccessErrorCode = "enrolmentRequired" | "ownerOnly" | "stepUpRequired";

/** Why a change on the 'Team' page (/api/v1/admin/users) was refused. */
export type TeamErrorCode =
  | "ownerOnly"
  | "stepUpRequired"
  | "invalidEmail"
  | "invalidName"
  | "exists"
  | "notFound"
  | "lastOwner"
  | "invitationInvalid"
  | "passwordChosen"
  | "inactive"
  | PasswordProblem;

/** Why a change of the board's settings (/api/v1/admin/settings) was refused. */
export type SettingsErrorCode = "ownerOnly" | "stepUpRequired";

/**
 * Why a change of the workshop's facts ('Einstellungen', PUT /api/v1/admin/workshop) was refused:
 * `invalid` a field (each with its message), `envLocked` a field an environment variable sets.
 */
export type WorkshopErrorCode = "ownerOnly" | "invalid" | "envLocked";

/** Why the CSV export's query was refused: from/to not dates (or from after to), an unknown tab. */
export type ExportFilterErrorCode = "invalidDates" | "invalidStatus";
/** Why the CSV export was refused: not an owner, or its query. */
export type ExportErrorCode = "ownerOnly" | "stepUpRequired" | ExportFilterErrorCode;

/**
 * Why a password change ('Sicherheit', POST /api/v1/admin/password) or a reset by e-mailed link
 * ('Passwort vergessen?', /api/v1/admin/password-reset…) was refused; password problems keep their own codes.
 */
export type PasswordErrorCode = "wrongCurrentPassword" | "samePassword" | "resetInvalid" | "invalidEmail" | PasswordProblem;

/** Why a change of the owner's closures ('Schließtage') was refused; the reasons when it cancels the covered appointments. */
export type ClosureErrorCode = "ownerOnly" | "stepUpRequired" | "notFound" | "reasonRequired" | "reasonTooLong";

/** Why a change of the workshop's resources ('Werkstatt', /api/v1/admin/resources) was refused. */
export type ResourceErrorCode = "ownerOnly" | "notFound";

/** Why a resource's absence could not be listed, entered or removed: `notFound` the resource, `absenceNotFound` the absence. */
export type AbsenceErrorCode = ResourceErrorCode | "absenceNotFound";

/**
 * Why the board's 'Zuordnung ändern' (PATCH /api/v1/admin/appointments/:id/resources) was refused:
 * `notFound` the appointment, `conflict` it is cancelled (holds nothing any more), `invalidResources`
 * the chosen set is not one active resource of every kind it holds (ResourceSetProblem says which),
 * `resourceTaken` a chosen one is held by another appointment or absent at that time.
 */
export type HoldErrorCode = "notFound" | "conflict" | "invalidResources" | "resourceTaken";

/**
 * Why a public form's request stored nothing. `honeypot`: a bot filled the hidden field, answered
 * like a success so it learns nothing; `invalid`: bad fields; `rate-limited`: too many from one client.
 */
export type FormErrorCode = "honeypot" | "invalid" | "rate-limited";

/**
 * Why an appointment request was refused: `slot-unavailable` closed or not offered at that time
 * (the rules of app/domain/slots.ts), `slot-taken` full, `pickups-full` the day's pick-ups taken,
 * `too-many-open` the address's open requests.
 */
export type BookingErrorCode = FormErrorCode | "slot-unavailable" | "slot-taken" | "courtesy-car-taken" | "pickups-full" | "too-many-open";

/**
 * Why joining a day's waiting list was refused (issue 28): `waitlist-day-free` the day still has a free time for
 * the service (book it), `waitlist-day-unavailable` past, closed or not yet bookable.
 */
export type WaitlistErrorCode = FormErrorCode | "waitlist-day-free" | "waitlist-day-unavailable";

/** Why the customer's 'Termin absagen' was refused (issue 16). */
export type CustomerCancelErrorCode = "not-found" | "already-cancelled" | "too-late" | "reason-too-long" | "rate-limited";

/**
 * Why a photo of a finding was refused (issue 30): `photoType` not a JPEG, PNG or WebP by its bytes,
 * `photoTooLarge` over 15 MB, `photoTooManyPixels` over 50 megapixels by its header, `photoUnreadable`
 * it does not decode.
 */
export type PhotoErrorCode = "photoType" | "photoTooLarge" | "photoTooManyPixels" | "photoUnreadable";

/**
 * Why a change of an appointment's findings or estimate was refused (issue 30): `notFound` the
 * appointment, `conflict` it is cancelled, `findingNotFound` the finding (or photo), `findingSent`
 * it was sent to the customer already (a correction is a new finding), `findingWithdrawn` it was
 * withdrawn, `invalidFinding` bad fields, `tooManyPhotos` more than 6, `nothingToSend` no finding
 * waits to be sent.
 */
export type FindingErrorCode =
  | "notFound"
  | "conflict"
  | "findingNotFound"
  | "findingSent"
  | "findingWithdrawn"
  | "invalidFinding"
  | "invalidEstimate"
  | "tooManyPhotos"
  | "nothingToSend"
  | PhotoErrorCode;

/**
 * Why the customer's decisions on the personal link were refused: `not-found` unknown or expired link,
 * `decisions-closed` the car is in work ('In Arbeit') or ready, `invalid-decision` no known finding or decision.
 */
export type CustomerDecisionErrorCode = "not-found" | "decisions-closed" | "invalid-decision" | "rate-limited";

/**
 * Why a backup (the 'Sicherungen' page, /api/v1/admin/backups) was refused or failed (decision 041):
 * `backupsOff` no backup folder (PostgreSQL without BACKUP_DIR), `backupNotFound` no such backup file
 * here, `backupFailed` writing it failed (the board and /readyz show it).
 */
export type BackupErrorCode = "ownerOnly" | "stepUpRequired" | "backupsOff" | "backupNotFound" | "backupFailed";

/**
 * Why entering or moving an appointment (issue 28: POST/PATCH /api/v1/admin/appointments, 'Termin
 * verschieben' on the personal link) was refused: `invalid` fields, `notFound`, `conflict` cancelled or
 * moved by someone else meanwhile, `slotClosed` the rules of app/domain/slots.ts or a stored closure,
 * `slot-taken` / `courtesy-car-taken` / `resourceTaken` nothing (or not the named resource) free,
 * `too-late` within SELF_CANCEL_CUTOFF_HOURS of the old start, `tooManyMoves` the customer's three moves made.
 */
export type MoveErrorCode =
  | "invalid"
  | "notFound"
  | "conflict"
  | "slotClosed"
  | "slot-taken"
  | "courtesy-car-taken"
  | "resourceTaken"
  | "too-late"
  | "tooManyMoves"
  | "rate-limited";

/** Every code a service answers with. */
export type ErrorCode =
  | AdminErrorCode
  | AccountErrorCode
  | LoginErrorCode
  | SecondFactorErrorCode
  | PasskeyErrorCode
  | AccessErrorCode
  | TeamErrorCode
  | SettingsErrorCode
  | WorkshopErrorCode
  | ExportErrorCode
  | ClosureErrorCode
  | ResourceErrorCode
  | AbsenceErrorCode
  | HoldErrorCode
  | BookingErrorCode
  | WaitlistErrorCode
  | CustomerCancelErrorCode
  | FindingErrorCode
  | CustomerDecisionErrorCode
  | MoveErrorCode
  | PasswordErrorCode
  | BackupErrorCode;
