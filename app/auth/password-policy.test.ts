import { describe, expect, it } from "vitest";
import { passwordMessages } from "~/messages";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it.each([
    ["kurz-123", passwordMessages.tooShort],
    ["elf Zeichen", passwordMessages.tooShort],
    ["x".repeat(257) + "Ab1", passwordMessages.tooLong],
    ["password1234", passwordMessages.common],
    ["Passwort2026!", passwordMessages.common],
    ["passwortpasswort", passwordMessages.common],
    ["qwertyuiop123", passwordMessages.common],
    ["123456789012", passwordMessages.common],
    ["aaaaaaaaaaaaaaaa", passwordMessages.common],
    ["abababababababab", passwordMessages.common],
    ["Happycar2026!", passwordMessages.common],
  ])("refuses %j", (password, message) => {
    const problem = passwordProblem(password);
    expect(problem && passwordMessages[problem]).toBe(message);
  });

  it.each(["E2e-Testpasswort-2026!", "Reifenwechsel im Oktober", "kD9#mq2!Lx7vPz"])("accepts %j", (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});
