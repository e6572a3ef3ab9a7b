/**
 * E-mail addresses inside free text: SMTP servers and drivers repeat the
 * recipient in their error texts ("550 <anna@example.at>: Recipient address
 * rejected"), which the log and the board's outbox list would otherwise show.
 * A dot and a top-level domain that starts with a letter are required, so
 * `@scope/package` paths and `name@1.2.3` versions in stack traces stay intact.
 */
const EMAIL_ADDRESS = /[\p{L}\p{N}.!#$%&'*+=?^_`{|}~-]+@(?:[\p{L}\p{N}-]+\.)+\p{L}[\p{L}\p{N}-]+/gu;

export const REDACTED_EMAIL = "[redacted email]";

export function redactEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, REDACTED_EMAIL);
}

/**
 * A secret link's token as a path segment: 32 random bytes in base64url (app/lib/secret-token.server.ts),
 * also before React Router's ".data" suffix.
 */
const PATH_TOKEN = /\/[A-Za-z0-9_-]{43}(?=[/.]|$)/g;

export const REDACTED_TOKEN = "[token]";

/**
 * A path without the tokens of the customer's link and the unsubscribe link
 * (/termin/<token>, /erinnerung/abmelden/<token>): whoever reads the log must
 * not be able to open, cancel or unsubscribe with them.
 */
export function redactPathTokens(path: string): string {
  return path.replace(PATH_TOKEN, `/${REDACTED_TOKEN}`);
}
