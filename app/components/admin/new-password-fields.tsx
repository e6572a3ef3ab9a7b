import { Input, Label } from "~/components/ui/form-controls";
import { MIN_PASSWORD_LENGTH } from "~/domain/admin";

/**
 * The new password and its repetition, as the first setup, an invitation, a reset link and
 * 'Passwort ändern' ask for them (`password`, `passwordRepeat`); `idPrefix` keeps the ids unique
 * on the page, `label` tells them apart from the current password where both are asked for.
 */
export function NewPasswordFields({ idPrefix, label = "Passwort" }: { idPrefix: string; label?: string }) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-password`}>
          {label} (mindestens {MIN_PASSWORD_LENGTH} Zeichen)
        </Label>
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
        <Label htmlFor={`${idPrefix}-password-repeat`}>{label} wiederholen</Label>
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
