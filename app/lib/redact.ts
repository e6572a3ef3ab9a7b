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
