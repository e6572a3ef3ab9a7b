import { describe, expect, it } from "vitest";
import { validateContact } from "./contact";

const short = { name: "Maria Muster", email: "maria@example.com", message: "Hallo" };
const full = {
  firstName: "Maria",
  lastName: "Muster",
  email: "maria@example.com",
  phone: "01 234 56 78",
  subject: "Frage",
  message: "Hallo",
};

describe("validateContact: broken and invisible Unicode (the booking form's cleanText)", () => {
  it.each([
    ["name", short, "Maria\uD800 Muster", { name: "Maria Muster" }],
    ["email", short, "\u200Bmaria@example.com\uDC00", { email: "maria@example.com" }],
    ["message", short, "Hallo\uDC00\u2028Welt 👋\u202E", { message: "Hallo\nWelt 👋" }],
    ["firstName", full, "Ma\u2060ria\uD800", { name: "Maria Muster" }],
    ["lastName", full, "\uFEFFMuster\u2029", { name: "Maria Muster" }],
    ["phone", full, "01\uDBFF 234 56 78\u200E", { phone: "01 234 56 78" }],
    ["subject", full, "Frage\u2028zum\uDC00 Termin", { subject: "Frage zum Termin" }],
  ])("%s is cleaned before the rules apply", (field, base, value, expected) => {
    const result = validateContact({ ...base, [field]: value });
    expect(result).toMatchObject({ ok: true, data: expected });
  });

  it.each([
    ["name", short],
    ["message", short],
    ["firstName", full],
    ["lastName", full],
  ])("a required %s of only lone surrogates and invisible characters counts as missing", (field, base) => {
    const result = validateContact({ ...base, [field]: "\uD800\u200B\uDC00\u2066" });
    expect(result).toMatchObject({ ok: false, error: "Bitte füllen Sie alle Pflichtfelder aus.", missingRequired: true });
  });
});
