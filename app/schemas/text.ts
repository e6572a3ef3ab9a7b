/**
 * The one clean-up of untrusted text, for every form (booking, contact) and
 * the admin's cancellation reason. Free of zod, like the forms' field modules.
 */

// Unpaired UTF-16 surrogates (JSON allows "\ud800"; PostgreSQL refuses them in
// jsonb). With the u flag a valid pair is one code point outside this range,
// so emoji stay and only the broken halves match.
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;
// CR LF, CR and the Unicode line and paragraph separators: all become "\n".
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
// C0 and C1 control characters; a line feed survives in the free-text message.
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
// Invisible format characters: zero-width space, (non-)joiners and direction
// marks, bidi embeddings, overrides and isolates, word joiner and invisible
// operators, BOM. They hide or reorder text in the admin list and e-mails. The
// one exception (first alternative, kept): a zero-width joiner that glues two
// emoji into one (👩‍🔧, 🏳️‍🌈), since removing it splits the emoji apart.
const INVISIBLE_CHARACTERS =
  /(\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?\u200D)(?=\p{Extended_Pictographic})|[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/**
 * Makes untrusted text safe to store and show: strips unpaired surrogates,
 * control and invisible format characters and surrounding whitespace. Line
 * breaks become "\n" when `multiline`, a space otherwise.
 */
export function cleanText(value: string, multiline = false): string {
  const normalised = value
    .replace(LONE_SURROGATES, "")
    .replace(LINE_BREAKS, "\n")
    .replace(CONTROL_CHARACTERS, "")
    .replace(INVISIBLE_CHARACTERS, (_character, emojiJoin?: string) => emojiJoin ?? "");
  return (multiline ? normalised : normalised.replace(/\n/g, " ")).trim();
}

/** A schema preprocess step: strings are cleaned, a missing value becomes "", anything else is left to the rules. */
export function cleanedInput(multiline = false) {
  return (value: unknown) => (value == null ? "" : typeof value === "string" ? cleanText(value, multiline) : value);
}
