import type { AdminRole } from "./admin";
import type { AccessErrorCode } from "./error-codes";

/**
 * What an action on the board needs, the one rule of the pages and the JSON API alike:
 * - `session`: any full session, also of an account that must still set up the second factor the
 *   owner requires: setting it up, changing the password, logging out;
 * - `enrolled`: everything else, once that factor is set up where it is required;
 * - `owner`: what only the owner may do (the team, closures, settings, deleting, the export, the
 *   requirement itself), also only once enrolled;
 * - `sensitive`: what an owner may do only with the password or a second factor checked within the
 *   last `STEP_UP_WINDOW_MS` (the export, deleting, the team, the requirement, the board's settings,
 *   closures that cancel appointments): a laptop left open an hour ago does not hand them out.
 */
export type Access = "session" | "enrolled" | "owner" | "sensitive";

/** How long a check of the password or a second factor (the login's included) opens sensitive actions. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

/**
 * Who asks: the account's role, whether it must first set up the second factor, and when its
 * session last checked the password or a second factor (absent: never, as far as the rule knows).
 */
export type Actor = { role: AdminRole; mustEnrol: boolean; verifiedAt?: Date | null };

/** Why `actor` may not do what needs `access` at `now`, or null when it may. */
export function accessRefusal(access: Access, actor: Actor, now?: Date): AccessErrorCode | null {
  if (access === "session") return null;
  if (actor.mustEnrol) return "enrolmentRequired";
  if (access === "enrolled") return null;
  if (actor.role !== "owner") return "ownerOnly";
  if (access === "owner") return null;
  return recentlyVerified(actor.verifiedAt, now) ? null : "stepUpRequired";
}

function recentlyVerified(verifiedAt: Date | null | undefined, now: Date | undefined): boolean {
  if (!verifiedAt || !now) return false;
  const age = now.getTime() - verifiedAt.getTime();
  return age >= 0 && age < STEP_UP_WINDOW_MS;
}

/**
 * The services' form of the rule for a sensitive action of an account already through the guard
 * (so enrolled where required): `ownerOnly`, `stepUpRequired` or null.
 */
export function sensitiveRefusal(admin: { role: AdminRole; verifiedAt?: Date | null }, now: Date): "ownerOnly" | "stepUpRequired" | null {
  const refusal = accessRefusal("sensitive", { ...admin, mustEnrol: false }, now);
  return refusal === "enrolmentRequired" ? null : refusal;
}
