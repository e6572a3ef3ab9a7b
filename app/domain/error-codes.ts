/**
 * What went wrong, as codes: services answer with these, the edge
 * (app/messages.ts, routes, components) puts them into words.
 */

/** Why an admin action on an appointment was refused. */
export type AdminErrorCode = "reasonRequired" | "reasonTooLong" | "notFound" | "conflict" | "resendFailed";
