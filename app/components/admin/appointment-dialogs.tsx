import { useEffect, useEffectEvent, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FieldError, Label, Textarea } from "~/components/ui/form-controls";
import { type AdminAppointment, canTransition } from "~/domain/appointment";
import { formatDateDE } from "~/lib/format-date";
import { servicesLine } from "~/lib/format-services";
import { type AdminActionData, useActionToast } from "./action-result";
import { AdminDialog, DialogClose, type DialogTarget } from "./dialog";

export const reasonRequiredMessage = "Bitte geben Sie einen Stornierungsgrund an.";
export const deletePrompt = "Möchten Sie diesen Termin wirklich löschen?";
/** Said on the details page when the appointment gave the §57a consent that deleting erases (decision 036). */
export const deleteErasesReminderNote =
  "Die Einwilligung in die Erinnerung an die §57a-Begutachtung aus dieser Anfrage wird mit gelöscht; es geht keine Erinnerung mehr für dieses Fahrzeug.";

function summary(item: AdminAppointment): string {
  return `${item.name}, ${formatDateDE(item.date)} um ${item.time} Uhr (${servicesLine(item).value})`;
}

function ReasonField({ value, onChange, error }: { value?: string; onChange?: (value: string) => void; error?: string | null }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="cancel-reason">Stornierungsgrund *</Label>
      <Textarea
        id="cancel-reason"
        name="reason"
        rows={4}
        required
        maxLength={1000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "cancel-reason-error" : undefined}
        {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : {})}
      />
      <FieldError id="cancel-reason-error">{error}</FieldError>
    </div>
  );
}

/**
 * 'Termin stornieren' with a required reason; stays mounted so its answer is toasted after closing.
 * Every way of closing empties it: a reason never travels on to the next appointment.
 */
export function CancelDialog({ dialog }: { dialog: DialogTarget<AdminAppointment> }) {
  const fetcher = useFetcher<AdminActionData>({ key: "cancel-appointment" });
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setError(null);
    dialog.close();
  };
  useActionToast(fetcher.data);
  const answered = useAnswer(fetcher, close);
  useEffect(() => {
    const data = fetcher.data;
    if (answered || !data || data.ok || !data.field) return;
    // The server's answer arrives as fetcher data; showing its field error is the reaction to it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setError(data.message);
  }, [answered, fetcher.data]);

  const { target } = dialog;
  return (
    <AdminDialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      returnFocus={dialog.returnFocus}
      title="Termin stornieren"
      description={target ? summary(target) : undefined}
    >
      <fetcher.Form
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          if (!reason.trim()) {
            event.preventDefault();
            setError(reasonRequiredMessage);
          }
        }}
      >
        <input type="hidden" name="id" value={target?.id ?? ""} />
        <ReasonField
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (value.trim()) setError(null);
          }}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Abbrechen
            </Button>
          </DialogClose>
          <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={fetcher.state !== "idle"}>
            Termin stornieren
          </Button>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}

export function DeleteDialog({ dialog, note }: { dialog: DialogTarget<AdminAppointment>; note?: string }) {
  const fetcher = useFetcher<AdminActionData>({ key: "delete-appointment" });
  useActionToast(fetcher.data);
  useAnswer(fetcher, dialog.close);
  const { target } = dialog;
  return (
    <AdminDialog
      open={target !== null}
      onOpenChange={(open) => !open && dialog.close()}
      returnFocus={dialog.returnFocus}
      title="Termin löschen"
      description={deletePrompt}
    >
      {target ? <p className="mb-4 text-sm">{summary(target)}</p> : null}
      {target && note ? <p className="mb-4 text-sm">{note}</p> : null}
      <fetcher.Form method="post" className="flex justify-end gap-2">
        <input type="hidden" name="id" value={target?.id ?? ""} />
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Abbrechen
          </Button>
        </DialogClose>
        <Button type="submit" name="intent" value="delete" variant="destructive" disabled={fetcher.state !== "idle"}>
          Löschen
        </Button>
      </fetcher.Form>
    </AdminDialog>
  );
}

/**
 * Closes the dialog once its answer is in and the page has reloaded (the fetcher is idle again),
 * so focus returns to a page that shows the result; a field error keeps it open. True when it closed.
 */
function useAnswer(fetcher: { data?: AdminActionData; state: string }, onAnswer: () => void): boolean {
  const done = fetcher.state === "idle" && fetcher.data !== undefined && (fetcher.data.ok || !fetcher.data.field);
  // Only a new answer matters here, not a new onAnswer closure.
  const answer = useEffectEvent(onAnswer);
  useEffect(() => {
    if (done) answer();
  }, [done, fetcher.data]);
  return done;
}

/**
 * The same two questions without JavaScript: the row links add ?cancel=ID or
 * ?delete=ID and the server renders this panel above the table.
 */
export function NoScriptPanel({
  kind,
  item,
  closeHref,
  error,
  note,
}: {
  kind: "cancel" | "delete";
  item: AdminAppointment;
  closeHref: string;
  error?: string | null;
  /** One more sentence for the question (deleting erases the §57a consent). */
  note?: string;
}) {
  return (
    <Card className="mb-4 border-destructive">
      <CardHeader>
        <h2 className="text-xl font-semibold leading-tight">{kind === "cancel" ? "Termin stornieren" : "Termin löschen"}</h2>
        <p className="text-sm text-muted-foreground">{kind === "cancel" ? summary(item) : deletePrompt}</p>
      </CardHeader>
      <CardContent>
        <Form method="post" noValidate className="grid gap-4">
          <input type="hidden" name="id" value={item.id} />
          {kind === "cancel" ? <ReasonField error={error} /> : <p className="text-sm">{summary(item)}</p>}
          {note ? <p className="text-sm">{note}</p> : null}
          <div className="flex justify-end gap-2">
            <Button asChild variant="outline">
              <Link to={closeHref}>Abbrechen</Link>
            </Button>
            <Button type="submit" name="intent" value={kind} variant="destructive">
              {kind === "cancel" ? "Termin stornieren" : "Löschen"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * Which no-JavaScript panel the URL asks for (?cancel=ID or ?delete=ID, the action links'
 * targets): only for an appointment in `items` whose status allows it, and deleting only for an owner.
 */
export function noScriptPanelFor(search: URLSearchParams, items: AdminAppointment[], canDelete: boolean) {
  const cancelId = search.get("cancel");
  const deleteId = search.get("delete");
  const item = items.find((candidate) => candidate.id === (cancelId ?? deleteId));
  if (item && cancelId && canTransition(item.status, "cancel")) return { kind: "cancel" as const, item };
  if (item && deleteId && canDelete) return { kind: "delete" as const, item };
  return null;
}
