/** An owner runs the workshop's board; staff work the appointments. */
export const adminRoles = ["owner", "staff"] as const;
export type AdminRole = (typeof adminRoles)[number];

/**
 * How far a session has got: `active` opens the board, `second_factor` waits
 * for the login's code, `enrolment` may only set up the second factor.
 */
export const sessionStages = ["active", "second_factor", "enrolment"] as const;
export type SessionStage = (typeof sessionStages)[number];
