import type { ErrorCode } from "~/domain/error-codes";

/**
 * The one table from a service's code to the HTTP status it is answered with (JSON API and page
 * actions alike). A code means the same wherever it comes from: `ownerOnly` is always 403.
 * The words for each code are in app/messages.ts.
 */
export const httpStatus = {
  // The request itself: bad or missing input.
  invalid: 400,
  invalidEmail: 400,
  invalidName: 400,
  invalidDates: 400,
  invalidStatus: 400,
  invalidProgress: 400,
  reasonRequired: 400,
  reasonTooLong: 400,
  "reason-too-long": 400,
  noteTooLong: 400,
  tooShort: 400,
  tooLong: 400,
  common: 400,
  weak: 400,
  wrongPasswordOrCode: 400,
  wrongCurrentPassword: 400,
  samePassword: 400,
  resetInvalid: 400,
  invitationInvalid: 400,
  setupInvalid: 400,
  // The setup page's link is of no use once an account exists: answered like a spent link.
  setupDone: 400,
  "slot-unavailable": 400,
  "waitlist-day-unavailable": 400,
  invalidResources: 400,
  envLocked: 400,
  passkeyFailed: 400,
  invalidFinding: 400,
  invalidEstimate: 400,
  tooManyPhotos: 400,
  "invalid-decision": 400,
  photoUnreadable: 400,
  // A photo the findings do not take (issue 30).
  photoType: 415,
  photoTooLarge: 413,
  photoTooManyPixels: 413,
  // Who is asking.
  wrongPassword: 401,
  secondFactor: 401,
  // A sensitive action wants the password or a code again (app/domain/access.ts); the API adds `stepUp: true`.
  stepUpRequired: 401,
  passkeyRequired: 401,
  passkeyRefused: 401,
  ownerOnly: 403,
  reminderOwnerOnly: 403,
  enrolmentRequired: 403,
  // What it is about does not exist (any more).
  notFound: 404,
  "not-found": 404,
  unknown: 404,
  emailNotFound: 404,
  reminderNotFound: 404,
  absenceNotFound: 404,
  findingNotFound: 404,
  backupNotFound: 404,
  // The state changed or forbids it.
  conflict: 409,
  slotFull: 409,
  resendFailed: 409,
  notConfirmed: 409,
  readyTooEarly: 409,
  collectedTooEarly: 409,
  noShowTooEarly: 409,
  carArrived: 409,
  noShowNotMarked: 409,
  noShowUndoTooLate: 409,
  noShowMarked: 409,
  exists: 409,
  lastOwner: 409,
  passwordChosen: 409,
  inactive: 409,
  alreadyEnabled: 409,
  notStarted: 409,
  notEnabled: 409,
  required: 409,
  passkeyExists: 409,
  lastFactor: 409,
  "slot-taken": 409,
  "waitlist-day-free": 409,
  "courtesy-car-taken": 409,
  resourceTaken: 409,
  slotClosed: 409,
  tooManyMoves: 409,
  "pickups-full": 409,
  "too-many-open": 409,
  "already-cancelled": 409,
  "too-late": 409,
  findingSent: 409,
  findingWithdrawn: 409,
  nothingToSend: 409,
  "decisions-closed": 409,
  backupsOff: 409,
  // Locked until someone lifts it (decision 033): waiting does not help, so no 429 and no Retry-After.
  secondFactorLocked: 423,
  // Too many attempts: answered with Retry-After.
  "rate-limited": 429,
  throttled: 429,
  // The server could not do it (a backup that could not be written: full disk, no permission).
  backupFailed: 500,
  // A bot filled the honeypot: answered like a stored request, so it learns nothing.
  honeypot: 201,
} as const satisfies Record<ErrorCode, number>;

export type HttpStatusOf<C extends ErrorCode> = (typeof httpStatus)[C];

/** The HTTP status a refusal with `code` is answered with. */
export function statusOf<C extends ErrorCode>(code: C): HttpStatusOf<C> {
  return httpStatus[code];
}

/** What a 429 (`rate-limited`, `throttled`) carries besides its words: how many seconds to wait, for the JSON API and the pages alike. */
export function retryAfter(seconds: number): { "Retry-After": string } {
  return { "Retry-After": String(seconds) };
}

/**
 * The `headers` export of a page whose action may answer 429 with `retryAfter`. React Router sends the
 * headers of an action's `data(…, { headers })` only through its route's `headers` (Set-Cookie aside),
 * for the document and the data request alike: without this, the form's 429 would not say how long to wait.
 */
export function actionRetryAfter({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
  const seconds = actionHeaders.get("Retry-After");
  return seconds ? { "Retry-After": seconds } : {};
}
