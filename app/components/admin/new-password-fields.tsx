import { MIN_PASSWORD_LENGTH } from "~/auth/password-policy";
import { Input, Label } from "~/components/ui/form-controls";

/**
 * The new password and its repetition, as the first setup and an invitation ask for them
 * (`password`, `passwordRepeat`); `idPrefix` keeps the ids unique on the page.
 */
export function NewPasswordFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-password`}>Passwort (mindestens {MIN_PASSWORD_LENGTH} Zeichen)</Label>
        <Input
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-password-repeat`}>Passwort wiederholen</Label>
        <Input
          id={`${idPrefix}-password-repeat`}
          name="passwordRepeat"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
        />
      </div>
    </>
  );
}
