import { type FormEvent, useState } from "react";

type Edited<E> = { answer: E; names: ReadonlySet<string> };

/**
 * A form's field errors as the page shows them: a field the user edits after
 * the answer loses its error (red border and message) at once, not only at
 * the next submit. `errors` is one object per answer (a new answer, even with
 * the same messages, shows them all again); `nameOf` maps a field to its
 * form control's name. `onChange` goes on the <form> (change events bubble).
 * Without JavaScript the page simply keeps the answer's errors.
 */
export function useFieldErrorsUntilEdited<F extends string>(
  errors: Partial<Record<F, string>> | undefined,
  nameOf: (field: F) => string = (field) => field,
) {
  const [edited, setEdited] = useState<Edited<typeof errors>>({ answer: errors, names: new Set() });
  const editedNames = edited.answer === errors ? edited.names : new Set<string>();
  const shown: Partial<Record<F, string>> = {};
  for (const [field, message] of Object.entries(errors ?? {}) as [F, string | undefined][]) {
    if (message && !editedNames.has(nameOf(field))) shown[field] = message;
  }
  function onChange(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as Partial<HTMLInputElement>;
    if (!name || editedNames.has(name)) return;
    setEdited({ answer: errors, names: new Set(editedNames).add(name) });
  }
  return { errors: shown, onChange };
}
