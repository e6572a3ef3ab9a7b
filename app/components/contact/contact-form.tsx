import { type FormEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label, Textarea } from "~/components/ui/form-controls";
import { useFieldErrorsUntilEdited } from "~/components/ui/use-field-errors";
import { cn } from "~/lib/cn";
import { showSuccessToast } from "~/lib/toaster";
import { useHydrated } from "~/lib/use-hydrated";
import {
  CONTACT_FAILED_MESSAGE,
  CONTACT_SENT_MESSAGE,
  CONTACT_SENT_TITLE,
  type ContactField,
  type ContactFieldErrors,
  contactFormNames,
  contactInputFromForm,
  type ContactVariant,
  HONEYPOT_FIELD,
  MESSAGE_MAX_LENGTH,
} from "~/schemas/contact-fields";
import { lazyModule } from "~/schemas/lazy";

// The schema (zod) is not part of the page's first load: it loads when the
// form gets focus, at the latest on submit.
const contactRules = lazyModule(() => import("~/schemas/contact"));

/** The answer of /nachricht-senden to a form posted without JavaScript. */
export type ContactFormFailure = {
  variant: ContactVariant;
  error: string;
  fields: ContactFieldErrors;
  values: Record<string, string>;
};

export const CONTACT_ACTION_PATH = "/nachricht-senden";

type FieldSpec = {
  field: ContactField;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  wide?: boolean;
};

const fieldsByVariant: Record<ContactVariant, FieldSpec[]> = {
  short: [
    { field: "name", label: "Name", required: true, autoComplete: "name", wide: true },
    { field: "email", label: "E-Mail", required: true, type: "email", autoComplete: "email", wide: true },
    { field: "message", label: "Nachricht", required: true, wide: true },
  ],
  full: [
    { field: "firstName", label: "Vorname", required: true, autoComplete: "given-name" },
    { field: "lastName", label: "Nachname", required: true, autoComplete: "family-name" },
    { field: "email", label: "E-Mail", required: true, type: "email", autoComplete: "email" },
    { field: "phone", label: "Telefon", type: "tel", autoComplete: "tel" },
    { field: "subject", label: "Betreff", wide: true },
    { field: "message", label: "Nachricht", required: true, wide: true },
  ],
};

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) if (typeof value === "string") values[key] = value;
  return values;
}

/**
 * The contact forms: `short` on the home page (name, e-mail, message), `full`
 * on /kontakt; an island (app/components/island.tsx). Without JavaScript the
 * form posts to /nachricht-senden, which redirects back with
 * ?nachricht=gesendet (`sent`) or shows the errors (`failure`); once hydrated
 * it is checked with the shared schema, sent to the JSON API and answered
 * with a toast. Should the schema fail to load, the server's answer shows the
 * same messages.
 */
export function ContactForm({ variant, failure, sent = false }: { variant: ContactVariant; failure?: ContactFormFailure; sent?: boolean }) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<ContactFieldErrors>(failure?.fields ?? {});
  const shown = useFieldErrorsUntilEdited(errors, (field) => contactFormNames[field]);
  const [pending, setPending] = useState(false);
  const [showFailure, setShowFailure] = useState(Boolean(failure));
  const formRef = useRef<HTMLFormElement>(null);
  const idOf = (field: string) => `contact-${variant}-${field}`;

  function showErrors(fields: ContactFieldErrors) {
    setErrors(fields);
    const first = fieldsByVariant[variant].find((spec) => fields[spec.field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${idOf(first.field)}`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowFailure(false);
    const form = event.currentTarget;
    const input = contactInputFromForm(formValues(form), variant);
    const rules = contactRules.loaded ?? (await contactRules.load());
    const check = rules?.validateContact(input, variant);
    if (check && !check.ok) {
      showErrors(check.fields);
      toast.error("Fehler", { description: check.error });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const response = await fetch("/api/v1/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(input),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: ContactFieldErrors };
      if (response.ok) {
        form.reset();
        showSuccessToast(CONTACT_SENT_TITLE, { description: CONTACT_SENT_MESSAGE });
      } else {
        showErrors(body.fields ?? {});
        toast.error("Fehler", { description: body.error ?? CONTACT_FAILED_MESSAGE });
      }
    } catch {
      toast.error("Fehler", { description: CONTACT_FAILED_MESSAGE });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={CONTACT_ACTION_PATH}
      onSubmit={onSubmit}
      onChange={shown.onChange}
      onFocus={() => void contactRules.load()}
      // With JavaScript the shared schema checks the fields (German messages);
      // without it the browser's own check of `required` and `type` applies.
      noValidate={hydrated}
      aria-label={variant === "full" ? "Kontaktformular" : "Kurznachricht"}
      className="space-y-4"
    >
      {sent ? (
        <div role="status" className="rounded-md border border-green-600 bg-green-100 p-3 text-sm text-green-950">
          <p className="font-semibold">{CONTACT_SENT_TITLE}</p>
          <p>{CONTACT_SENT_MESSAGE}</p>
        </div>
      ) : null}
      {failure && showFailure ? (
        <div role="alert" className="rounded-md border border-destructive bg-red-100 p-3 text-sm text-red-950">
          <p className="font-semibold">Fehler</p>
          <p>{failure.error}</p>
        </div>
      ) : null}
      <input type="hidden" name="variant" value={variant} />
      <div className={cn("grid gap-4", variant === "full" && "sm:grid-cols-2")}>
        {fieldsByVariant[variant].map((spec) => {
          const id = idOf(spec.field);
          const errorId = `${id}-error`;
          const common = {
            id,
            name: contactFormNames[spec.field],
            required: spec.required,
            "aria-invalid": shown.errors[spec.field] ? true : undefined,
            "aria-describedby": shown.errors[spec.field] ? errorId : undefined,
            defaultValue: failure?.values[contactFormNames[spec.field]],
            disabled: pending,
          };
          return (
            <div key={spec.field} className={cn("space-y-2", spec.wide && "sm:col-span-2")}>
              <Label htmlFor={id}>
                {spec.label}
                {spec.required ? (
                  <span aria-hidden="true" className="text-destructive">
                    {" "}
                    *
                  </span>
                ) : (
                  <span className="font-normal text-muted-foreground"> (optional)</span>
                )}
              </Label>
              {spec.field === "message" ? (
                <Textarea {...common} rows={5} maxLength={MESSAGE_MAX_LENGTH} />
              ) : (
                <Input {...common} type={spec.type ?? "text"} autoComplete={spec.autoComplete} />
              )}
              <FieldError id={errorId}>{shown.errors[spec.field]}</FieldError>
            </div>
          );
        })}
      </div>
      {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={idOf(HONEYPOT_FIELD)}>Website (bitte leer lassen)</label>
        <input id={idOf(HONEYPOT_FIELD)} name={contactFormNames[HONEYPOT_FIELD]} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Wird gesendet..." : "Nachricht senden"}
      </Button>
    </form>
  );
}
