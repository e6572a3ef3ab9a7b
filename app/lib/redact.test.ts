import { describe, expect, it } from "vitest";
import { redactPathTokens } from "./redact";

/** 32 random bytes in base64url, as app/lib/secret-token.server.ts makes them. */
const TOKEN = "EWvLPM9qAbCdEfGhIjKlMnOpQrStUvWxYz0123456_-";

/** The token with its character at `index` percent-encoded (`-` → `%2D`): the router decodes it, the link still works. */
function encodedAt(index: number, hex = (code: number) => code.toString(16).toUpperCase()): string {
  return `${TOKEN.slice(0, index)}%${hex(TOKEN.charCodeAt(index))}${TOKEN.slice(index + 1)}`;
}

describe("redactPathTokens: no secret link's token in a logged path", () => {
  it("the tests' token is as long as a real one", () => {
    expect(TOKEN).toHaveLength(43);
  });

  it.each([
    // The shapes the router serves.
    [`/termin/${TOKEN}`, "/termin/[token]"],
    [`/termin/${TOKEN}/kalender.ics`, "/termin/[token]/kalender.ics"],
    [`/termin/${TOKEN}.data`, "/termin/[token].data"],
    [`/erinnerung/abmelden/${TOKEN}`, "/erinnerung/abmelden/[token]"],
    [`/admin-passwort-neu/${TOKEN}`, "/admin-passwort-neu/[token]"],
    // A link pasted with what followed it in the text: the router answers 404, yet the token is the real one.
    [`/termin/${TOKEN})`, "/termin/[token])"],
    [`/termin/${TOKEN},`, "/termin/[token],"],
    [`/termin/${TOKEN}!`, "/termin/[token]!"],
    [`/erinnerung/abmelden/${TOKEN}'`, "/erinnerung/abmelden/[token]'"],
    [`/termin/${TOKEN}%20`, "/termin/[token]%20"],
    [`/termin/${TOKEN}%20und%20so`, "/termin/[token]%20und%20so"],
    [`/termin/(${TOKEN})`, "/termin/([token])"],
    // A longer run of token characters goes whole: its first 43 may be a token.
    [`/termin/${TOKEN}abc`, "/termin/[token]"],
  ])("%s → %s", (path, expected) => {
    expect(redactPathTokens(path)).toBe(expected);
  });

  it.each([
    ["`-` as %2D", encodedAt(TOKEN.indexOf("-"))],
    ["`_` as %5F", encodedAt(TOKEN.indexOf("_"))],
    ["a letter as %45", encodedAt(0)],
    ["a digit as %30", encodedAt(TOKEN.indexOf("0"))],
    ["lower-case hex (%2d)", encodedAt(TOKEN.indexOf("-"), (code) => code.toString(16).toLowerCase())],
    ["every character", [...TOKEN].map((character) => `%${character.charCodeAt(0).toString(16)}`).join("")],
    // Encoded twice the router's one decoding leaves `%2D`: no working link, but anyone can read the token off it.
    ["encoded twice (%252D)", TOKEN.replace("-", "%252D")],
  ])("a percent-encoded character: %s", (_label, token) => {
    expect(redactPathTokens(`/termin/${token}`)).toBe("/termin/[token]");
    expect(redactPathTokens(`/erinnerung/abmelden/${token})`)).toBe("/erinnerung/abmelden/[token])");
  });

  it.each([
    [`/termin?token=${TOKEN}`, "/termin?token=[token]"],
    [`/admin-login?redirectTo=%2Ftermin%2F${TOKEN}&x=1`, "/admin-login?redirectTo=%2Ftermin%2F[token]&x=1"],
    [`/admin-login?redirectTo=/termin/${encodedAt(3)}`, "/admin-login?redirectTo=/termin/[token]"],
  ])("in the query string: %s → %s", (path, expected) => {
    expect(redactPathTokens(path)).toBe(expected);
  });

  it.each([
    "/",
    "/termin-anfragen",
    "/admin/termine/0b7f3c1e-2a44-4f3e-9d55-6c1e2f3a4b5c",
    "/assets/entry.client-B2x9Qk1L.js",
    "/erinnerung/abmelden/kurz%20und%2Dgut",
    `/termin/${TOKEN.slice(1)}`,
    "/admin?q=Anna%20Muster&status=confirmed",
  ])("leaves a path without a token as it was: %s", (path) => {
    expect(redactPathTokens(path)).toBe(path);
  });
});
