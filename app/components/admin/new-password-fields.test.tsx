import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NewPasswordFields } from "./new-password-fields";

describe("NewPasswordFields", () => {
  it("asks for the new password twice, labelled, with the policy's minimum and the browser's new-password hint", () => {
    const html = renderToStaticMarkup(<NewPasswordFields idPrefix="invitation" />);
    expect(html).toContain(
      '<label for="invitation-password" class="text-sm font-medium leading-none">Passwort (mindestens 12 Zeichen)</label>',
    );
    expect(html).toContain('<label for="invitation-password-repeat" class="text-sm font-medium leading-none">Passwort wiederholen</label>');
    expect(html).toMatch(/id="invitation-password" type="password" autoComplete="new-password" minLength="12" required="" name="password"/);
    expect(html).toMatch(
      /id="invitation-password-repeat" type="password" autoComplete="new-password" minLength="12" required="" name="passwordRepeat"/,
    );
  });
});
