import { type TranslationKeys, ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as germanDictionary } from "@zxcvbn-ts/language-de";
import { site } from "~/config/site";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/admin";
import type { PasswordRefusal, PasswordWarning } from "~/domain/error-codes";
import { fail } from "~/domain/result";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * The rules of a new password (server-only: the estimator's dictionaries are megabytes, and the
 * browser only shows the words of a refusal). Besides the length: not a breached password with
 * digits or symbols appended, and hard to guess by zxcvbn's estimate (it knows breached passwords,
 * German words and names, keyboard rows, sequences, dates and repeats) even without the
 * workshop's own words and the account's address and name, which an attacker tries first.
 */

/** zxcvbn's score runs from 0 to 4; 3 means more than 10^8 guesses, what a stolen scrypt hash withstands for long. */
const MIN_SCORE = 3;

/**
 * Only the first characters go into the estimate: its work grows with the square of the length and
 * with the l33t variants ('@' for 'a') it tries, all on the event loop. Unbounded (zxcvbn's 256
 * characters, 100 variants), crafted 256-character passwords took 1 to 4.7 s; with these bounds the
 * slowest we found took 0.05 to 0.15 s (two busy cores, 2026). A password whose first 64
 * characters are hard to guess is hard to guess.
 */
const ESTIMATED_CHARACTERS = 64;
const L33T_VARIANTS = 16;

/** The brand's and the trade's words; the workshop's facts add their own (`workshopWords`, issue 29). */
const TRADE_TEXTS = [site.name, site.address.country, "Werkstatt Auto KFZ Autohaus Reparatur Termin"];

/** Whose password it is, where the caller knows it. */
export type PasswordOwner = { email?: string; name?: string };

/**
 * The password without the workshop's words and the owner's (words of three or more letters or
 * digits, in any case): what is left for an attacker to guess who tries those first. zxcvbn's own
 * `userInputs` would rate "Werkstatt Happy Car" 3, as it rates any three pieces.
 */
function withoutOwnWords(password: string, owner: PasswordOwner, workshop: ReadonlyArray<string>): string {
  const words = [owner.email, owner.name, ...TRADE_TEXTS, ...workshop]
    .flatMap((text) => text?.toLowerCase().split(/[^\p{L}\p{N}]+/u) ?? [])
    .filter((word) => word.length >= 3)
    // Longest first, so that "autohaus" goes whole rather than "auto" of it; letters and digits need no escaping.
    .sort((a, b) => b.length - a.length);
  return password.replace(new RegExp(words.join("|"), "giu"), "");
}

/** zxcvbn's list of breached passwords and the common ones it lacks. */
const BREACHED: ReadonlySet<string> = new Set([...commonDictionary["passwords-common"], ...COMMON_PASSWORDS]);

/**
 * "Passwort2026!", "123456-2026": a breached password with nothing but digits and symbols
 * appended, the first thing a cracker's rules try, yet zxcvbn rates some of these 3.
 */
function isBreachedWithSuffix(password: string): boolean {
  const lower = password.toLowerCase();
  const lastLetter = lower.search(/\p{L}[^\p{L}]*$/u);
  for (let end = lower.length; end > lastLetter; end--) {
    if (BREACHED.has(lower.slice(0, end))) return true;
  }
  return false;
}

let estimator: ZxcvbnFactory | undefined;

/** Built on the first check, not at start: it takes about 0.1 s and 15 MB that only a new password needs. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...germanDictionary, "passwords-more": [...COMMON_PASSWORDS] },
    graphs: adjacencyGraphs,
    maxLength: ESTIMATED_CHARACTERS,
    l33tMaxSubstitutions: L33T_VARIANTS,
  });
  return estimator;
}

/**
 * Given no translations, zxcvbn warns with its keys, which PasswordWarning lists (a key added by a
 * new zxcvbn fails the type check here until app/messages.ts words it).
 */
function warningOf(estimate: ZxcvbnResult): PasswordWarning | undefined {
  const key = estimate.feedback.warning as keyof TranslationKeys["warnings"] | null;
  return key === null || key === "pwned" ? undefined : key;
}

/**
 * Why a new password is refused (app/messages.ts words it, refusalMessage), or null when it is
 * acceptable. `workshop`: the workshop's own words as 'Einstellungen' has them now (workshopWords).
 */
export function passwordRefusal(password: string, owner: PasswordOwner, workshop: ReadonlyArray<string>): PasswordRefusal | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return fail("tooShort");
  if (length > MAX_PASSWORD_LENGTH) return fail("tooLong");
  if (isBreachedWithSuffix(password)) return fail("common");
  const rest = withoutOwnWords(password, owner, workshop);
  const estimate = strengthEstimator().check(rest);
  if (estimate.score >= MIN_SCORE) return null;
  const warning = rest === password ? warningOf(estimate) : "userInputs";
  return warning ? fail("weak", { warning }) : fail("weak");
}
