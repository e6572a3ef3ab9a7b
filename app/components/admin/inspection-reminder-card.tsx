import { useEffect, useEffectEvent, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { formatMonthDE } from "~/lib/format-vehicle";
import { useHydrated } from "~/lib/use-hydrated";
import { type AdminActionData, useActionToast } from "./action-result";
import { AdminDialog, DialogClose, type DialogTarget } from "./dialog";

/** The intent of 'Erinnerung löschen', posted to the details page. */
export const REMINDER_DELETE_INTENT = "reminder-delete";

/** The query parameter that asks 'Erinnerung löschen' without JavaScript (`?erinnerung=loeschen`). */
export const REMINDER_DELETE_PARAM = "erinnerung";

export const reminderDeletePrompt =
  "Möchten Sie die Erinnerung an die §57a-Begutachtung für dieses Fahrzeug wirklich löschen? Die Einwilligung wird gelöscht, und es geht keine Erinnerung mehr an diese Adresse für dieses Fahrzeug.";

/** What the details page knows of the appointment's §57a consent (decision 036). */
export type ReminderConsentView = { consentedAt: string; unsubscribedAt: string | null; lastRemindedDueMonth: string | null };

/**
 * The §57a reminder's consent the appointment gave or renewed (one per address and car), and for
 * the owner 'Erinnerung löschen': with JavaScript a dialog, without a question in the card
 * (`?erinnerung=loeschen`), as the page's other destructive actions ask.
 */
export function InspectionReminderCard({
  reminder,
  canDelete,
  asking,
  pageHref,
  onAsk,
}: {
  reminder: ReminderConsentView;
  canDelete: boolean;
  /** The question without JavaScript is open. */
  asking: boolean;
  pageHref: string;
  /** With JavaScript: opens the page's ReminderDeleteDialog. */
  onAsk: (opener: HTMLElement) => void;
}) {
  const hydrated = useHydrated();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-tight">Erinnerung an die §57a-Begutachtung</h2>
        <p className="text-sm text-muted-foreground">
          Mit dieser Anfrage wurde in die Erinnerung eingewilligt; sie gilt einmal je E-Mail-Adresse und Fahrzeug.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-semibold">Eingewilligt am</dt>
          <dd>{formatDateTimeVienna(reminder.consentedAt)}</dd>
          <dt className="font-semibold">Stand</dt>
          <dd>{reminder.unsubscribedAt ? `Abbestellt am ${formatDateTimeVienna(reminder.unsubscribedAt)}` : "Aktiv"}</dd>
          <dt className="font-semibold">Zuletzt erinnert an</dt>
          <dd>{reminder.lastRemindedDueMonth ? `Fälligkeit ${formatMonthDE(reminder.lastRemindedDueMonth)}` : "–"}</dd>
        </dl>
        {!canDelete ? null : asking ? (
          <ReminderDeleteQuestion pageHref={pageHref} />
        ) : hydrated ? (
          <Button type="button" variant="destructive" className="justify-self-start" onClick={(event) => onAsk(event.currentTarget)}>
            Erinnerung löschen
          </Button>
        ) : (
          <Button asChild variant="destructive" className="justify-self-start">
            {/* A link: it only opens the question (also without JavaScript); the question's button erases. */}
            <Link to={`${pageHref}?${REMINDER_DELETE_PARAM}=loeschen`} preventScrollReset>
              Erinnerung löschen
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * With JavaScript: asks once more, posts, toasts the answer and closes once the page has reloaded.
 * Mounted by the page, not the card, which goes once the consent is erased.
 */
export function ReminderDeleteDialog({ dialog }: { dialog: DialogTarget<true> }) {
  const fetcher = useFetcher<AdminActionData>({ key: REMINDER_DELETE_INTENT });
  useActionToast(fetcher.data);
  const done = fetcher.state === "idle" && fetcher.data !== undefined;
  // Only a new answer closes it, not a new close closure.
  const close = useEffectEvent(dialog.close);
  useEffect(() => {
    if (done) close();
  }, [done, fetcher.data]);
  return (
    <AdminDialog
      open={dialog.target !== null}
      onOpenChange={(open) => !open && dialog.close()}
      returnFocus={dialog.returnFocus}
      title="Erinnerung löschen"
      description={reminderDeletePrompt}
    >
      <fetcher.Form method="post" className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Abbrechen
          </Button>
        </DialogClose>
        <Button type="submit" name="intent" value={REMINDER_DELETE_INTENT} variant="destructive" disabled={fetcher.state !== "idle"}>
          Erinnerung löschen
        </Button>
      </fetcher.Form>
    </AdminDialog>
  );
}

/** Without JavaScript: the question in the card; posted to the page without the parameter, so the answer shows the page. */
function ReminderDeleteQuestion({ pageHref }: { pageHref: string }) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div role="group" aria-labelledby="reminder-delete-question" className="grid gap-3 rounded-md border border-destructive p-3">
      <p id="reminder-delete-question" ref={question} tabIndex={-1} className="text-sm font-medium focus-visible:outline-none">
        {reminderDeletePrompt}
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={pageHref} preventScrollReset>
          <Button type="submit" name="intent" value={REMINDER_DELETE_INTENT} variant="destructive">
            Erinnerung löschen
          </Button>
        </Form>
        <Button asChild variant="outline">
          <Link to={pageHref} preventScrollReset>
            Abbrechen
          </Link>
        </Button>
      </div>
    </div>
  );
}
