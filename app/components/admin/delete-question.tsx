import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";

/** Moves the focus to a question that just appeared, so keyboard and screen reader users land on it. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/**
 * A row's 'Löschen', asked once more on the page (also without JavaScript): the question, 'Ja,
 * löschen' posted to `page` without the query that opened it (so the answer shows the list again),
 * and 'Abbrechen' back to it. Long German names wrap. A page with more than one kind of row names
 * the form's `intent`, what else it needs (`fields`) and the button's words (`confirm`).
 */
export function DeleteQuestion({
  id,
  question,
  page,
  busy,
  intent = "delete",
  fields = {},
  confirm = "Ja, löschen",
}: {
  id: string;
  question: string;
  page: string;
  busy: boolean;
  intent?: string;
  fields?: Record<string, string>;
  confirm?: string;
}) {
  const focused = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div role="group" aria-labelledby={`delete-${id}`} className="grid w-full gap-3 rounded-md border border-destructive p-3">
      <p
        id={`delete-${id}`}
        ref={focused}
        tabIndex={-1}
        className="break-words text-sm font-medium [overflow-wrap:anywhere] focus-visible:outline-none"
      >
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={page} preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="destructive" disabled={busy}>
            {confirm}
          </Button>
        </Form>
        <Button asChild variant="outline">
          <Link to={page} preventScrollReset>
            Abbrechen
          </Link>
        </Button>
      </div>
    </div>
  );
}
