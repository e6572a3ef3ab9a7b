import { COMMON_PASSWORDS } from "./common-passwords";

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 256;

export const passwordMessages = {
  tooShort: `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`,
  tooLong: `Das Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen lang sein.`,
  common: "Dieses Passwort ist zu häufig und leicht zu erraten. Bitte wählen Sie ein anderes.",
  mismatch: "Die Passwörter stimmen nicht überein.",
} as const;

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

export type PasswordProblem = "tooShort" | "tooLong" | "common";

/** Why a new password is refused (a key of passwordMessages), or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return "tooShort";
  if ([...password].length > MAX_PASSWORD_LENGTH) return "tooLong";
  if (isCommon(password)) return "common";
  return null;
}
