import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/admin";
import type { PasswordProblem } from "~/domain/error-codes";
import { COMMON_PASSWORDS } from "./common-passwords";

/** "passwortpasswort" → "passwort"; null when the text is not one unit repeated. */
function repeatedUnit(text: string): string | null {
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size === 0 && text.slice(0, size).repeat(text.length / size) === text) {
      return text.slice(0, size);
    }
  }
  return null;
}

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  // "Passwort2026!" is as guessable as "passwort": drop trailing digits and symbols.
  const stem = lower.replace(/[\d\W_]+$/u, "");
  if (stem.length === 0 || new Set(lower).size <= 2) return true;
  return [lower, stem, repeatedUnit(lower), repeatedUnit(stem)].some((candidate) => candidate !== null && COMMON_PASSWORDS.has(candidate));
}

/** Why a new password is refused (app/messages.ts, passwordMessages, words it), or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return "tooShort";
  if ([...password].length > MAX_PASSWORD_LENGTH) return "tooLong";
  if (isCommon(password)) return "common";
  return null;
}
