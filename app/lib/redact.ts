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

/** The 64 characters of base64url, the alphabet of a secret link's token (app/lib/secret-token.server.ts). */
const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * One character of a token as a URL may carry it: itself, or percent-encoded, which the router
 * decodes (`%2D` for `-`: the link still works), also more than once (`%252D`: no working link,
 * but the token is as easy to read).
 */
const ENCODED_BASE64URL = [...BASE64URL_ALPHABET].map((character) => character.charCodeAt(0).toString(16)).join("|");
const TOKEN_CHARACTER = `(?:[A-Za-z0-9_-]|%(?:25)*(?:${ENCODED_BASE64URL}))`;

/**
 * A token wherever it stands, by its shape alone: 43 or more such characters in a row. Whatever
 * follows the token (`)`, `,`, `%20`, React Router's `.data`, a query's `&`) and whatever the route
 * made of it does not matter; a longer run goes whole, since its first 43 characters may be a token.
 * The second branch reads every other escape whole, so that a run never begins with the hex digits
 * of one (`%2F` before a token stays `%2F`).
 */
const TOKEN_OR_ESCAPE = new RegExp(`(${TOKEN_CHARACTER}{43,})|%(?:25)*[0-9a-f]{2}`, "gi");

export const REDACTED_TOKEN = "[token]";

/**
 * A path, with or without its query, without the tokens of the secret links (the customer's link
 * /termin/<token>, the unsubscribe link /erinnerung/abmelden/<token>, a password reset's): whoever
 * reads the log must not be able to open, cancel or unsubscribe with them. The rest stays as it
 * was, to be read.
 */
export function redactPathTokens(path: string): string {
  return path.replace(TOKEN_OR_ESCAPE, (match, token?: string) => (token ? REDACTED_TOKEN : match));
}
