/** An owner runs the workshop's board; staff work the appointments. */
export const adminRoles = ["owner", "staff"] as const;
export type AdminRole = (typeof adminRoles)[number];

/** `active` opens the board; `second_factor` only waits for the login's code (the password was right). */
export const sessionStages = ["active", "second_factor"] as const;
export type SessionStage = (typeof sessionStages)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return (adminRoles as readonly unknown[]).includes(value);
}
