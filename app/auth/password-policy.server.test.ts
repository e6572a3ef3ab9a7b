import { describe, expect, it } from "vitest";
import { defaultWorkshopFacts, workshopWords } from "~/domain/workshop";
import { passwordMessages, refusalMessage } from "~/messages";
import { passwordRefusal as refusal } from "./password-policy.server";

/** The words of a new database's workshop (app/config/site.ts's examples), as the facts hand them on. */
const exampleWorkshop = workshopWords(defaultWorkshopFacts());
const passwordRefusal = (password: string, owner: { email?: string; name?: string } = {}) => refusal(password, owner, exampleWorkshop);

/** The words a refusal is shown with, as every page and the JSON API show them. */
function refusedWith(password: string, owner?: { email?: string; name?: string }): string | null {
  const refused = passwordRefusal(password, owner);
  return refused && refusalMessage(refused, passwordMessages);
}

const lena = { email: "lena.berger@example.at", name: "Lena Berger" };

describe("passwordRefusal", () => {
  it.each([
    ["kurz-123", passwordMessages.tooShort],
    ["elf Zeichen", passwordMessages.tooShort],
    ["x".repeat(257) + "Ab1", passwordMessages.tooLong],
    ["password1234", passwordMessages.common],
    ["Passwort2026!", passwordMessages.common],
    ["Qwerty2026!!", passwordMessages.common],
    ["1234562026!!", passwordMessages.common],
    ["Ichliebedich2026!", passwordMessages.common],
  ])("refuses %j as too short, too long or breached", (password, message) => {
    expect(refusedWith(password)).toBe(message);
  });

  it.each([
    // Issue 31, finding 10: each passed the earlier list.
    "qwertyuiopasdfgh",
    "abcdefghijkl",
    "123456789abc",
    "zaq12wsxcde3",
    "Happy Car 2026",
    // Repeats, keyboard rows, sequences.
    "passwortpasswort",
    "aaaaaaaaaaaaaaaa",
    "abababababababab",
    "qwertzuiop123",
    "123456789012",
    "1qay2wsx3edc4rfv",
    "qayxswedcvfr",
  ])("refuses %j as breached or too easy to guess", (password) => {
    expect([passwordMessages.common, expect.stringMatching(/^Dieses Passwort ist zu leicht zu erraten/)]).toContainEqual(
      refusedWith(password),
    );
  });

  it.each([
    "Happycar2026!",
    "Werkstatt Happy Car",
    "happy-car-wien-1100",
    "Werkstatt Wien 2026",
    "Musterstraße 12, Wien",
    "Max Mustermann 1100",
    "office@happycar.example",
  ])("refuses the workshop's own words %j", (password) => {
    expect(passwordRefusal(password)).toEqual({ ok: false, code: "weak", warning: "userInputs" });
  });

  it.each(["lena.berger2026", "LenaBerger-2026", "Lena Berger Wien", "lena.berger@example.at", "Lena-Werkstatt-2026!"])(
    "refuses the account's own address and name %j",
    (password) => {
      expect(passwordRefusal(password, lena)).toEqual({ ok: false, code: "weak", warning: "userInputs" });
    },
  );

  it("takes the workshop's words from its facts as 'Einstellungen' has them (issue 29), not from the examples", () => {
    const brenner = workshopWords({
      ...defaultWorkshopFacts(),
      workshop: {
        ...defaultWorkshopFacts().workshop,
        legalName: "Brenner KFZ GmbH",
        street: "Laxenburger Straße 80",
        email: "office@brenner-kfz.at",
      },
    });
    expect(refusal("Brenner-Laxenburger-80", {}, brenner)).toEqual({ ok: false, code: "weak", warning: "userInputs" });
    expect(refusal("Brenner-Laxenburger-80", {}, exampleWorkshop)).toBeNull();
  });

  it("counts a name as the account's own only for that account", () => {
    expect(passwordRefusal("Lena-Werkstatt-2026!", { email: "tom@example.at", name: "Tom Novak" })).toBeNull();
  });

  it("says what made the password guessable, and what to take instead", () => {
    expect(refusedWith("Happy Car 2026")).toBe(
      "Dieses Passwort ist zu leicht zu erraten: Ohne die Angaben der Werkstatt und Ihres Kontos (Name, Anschrift, E-Mail-Adresse) " +
        "bleibt zu wenig übrig. " +
        "Nehmen Sie besser drei, vier ungewöhnliche Wörter oder einen Satz.",
    );
    expect(refusedWith("abcdefghijkl")).toBe(
      "Dieses Passwort ist zu leicht zu erraten: Es enthält eine Folge wie „abc“ oder „1234“. " +
        "Nehmen Sie besser drei, vier ungewöhnliche Wörter oder einen Satz.",
    );
  });

  it.each([
    "Kupplung Regenschirm Donau 42",
    "Zündkerze-Wolke-Haselnuss",
    "Reifenwechsel im Oktober",
    "Scheibenwischer tanzen Walzer",
    "Blauer Vergaser singt leise",
    "kD9#mq2!Lx7vPz",
    "E2e-Testpasswort-2026!",
  ])("accepts %j", (password) => {
    expect(passwordRefusal(password, lena)).toBeNull();
  });

  it("judges only the first 64 characters, so a long password cannot tie up the server", () => {
    // Weak at its start, strong only after the 64th character: refused.
    expect(passwordRefusal("a".repeat(64) + "Kupplung Regenschirm Donau 42")?.code).toBe("weak");
    // A crafted password of the longest length allowed (l33t characters that multiply the variants
    // the estimate tries) took about 2 s without the bounds, and takes under 0.1 s with them.
    passwordRefusal("warm up the estimator 1");
    const crafted = "p@ssw0rd".repeat(32);
    const start = performance.now();
    passwordRefusal(crafted);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
