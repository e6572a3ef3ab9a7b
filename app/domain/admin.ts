/** An owner runs the workshop's board; staff work the appointments. */
export const adminRoles = ["owner", "staff"] as const;
export type AdminRole = (typeof adminRoles)[number];

/** `active` opens the board; `second_factor` only waits for the login's code (the password was right). */
export const sessionStages = ["active", "second_factor"] as const;
export type SessionStage = (typeof sessionStages)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return (adminRoles as readonly unknown[]).includes(value);
}

/** What a one-time password link is for: the first account, an invited one, or a forgotten password. */
export const setupTokenPurposes = ["setup", "invitation", "password-reset"] as const;
export type SetupTokenPurpose = (typeof setupTokenPurposes)[number];

/** What a passkey ceremony's challenge is for: adding a passkey to the account that asked, or a login. */
export const passkeyChallengePurposes = ["registration", "login"] as const;
export type PasskeyChallengePurpose = (typeof passkeyChallengePurposes)[number];

/** A new password's length in characters (app/auth/password-policy.ts checks it, app/messages.ts says it). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
