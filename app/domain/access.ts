import type { AdminRole } from "./admin";
import type { AccessErrorCode } from "./error-codes";

/**
 * What an action on the board needs, the one rule of the pages and the JSON API alike:
 * - `session`: any full session, also of an account that must still set up the second factor the
 *   owner requires: setting it up, changing the password, logging out;
 * - `enrolled`: everything else, once that factor is set up where it is required;
 * - `owner`: what only the owner may do (the team, closures, settings, deleting, the export, the
 *   requirement itself), also only once enrolled.
 */
export type Access = "session" | "enrolled" | "owner";

/** Who asks: the account's role, and whether it must first set up the second factor. */
export type Actor = { role: AdminRole; mustEnrol: boolean };

/** Why `actor` may not do what needs `access`, or null when it may. */
export function accessRefusal(access: Access, actor: Actor): AccessErrorCode | null {
  if (access === "session") return null;
  if (actor.mustEnrol) return "enrolmentRequired";
  return access === "owner" && actor.role !== "owner" ? "ownerOnly" : null;
}
