import { useEffect, useEffectEvent, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FieldError, Label, Textarea } from "~/components/ui/form-controls";
import { formatDateDE } from "~/lib/format-date";
import type { AdminAppointment } from "~/domain/appointment";
import { type AdminActionData, useActionToast } from "./action-result";
import { AdminDialog, DialogClose } from "./dialog";

export const reasonRequiredMessage = "Bitte geben Sie einen Stornierungsgrund an.";
export const deletePrompt = "Möchten Sie diesen Termin wirklich löschen?";

function summary(item: AdminAppointment): string {
  return `${item.name}, ${formatDateDE(item.date)} um ${item.time} Uhr (${item.service})`;
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

/** 'Termin stornieren' with a required reason; stays mounted so its answer is toasted after closing. */
export function CancelDialog({ target, onClose }: { target: AdminAppointment | null; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionData>({ key: "cancel-appointment" });
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  useActionToast(fetcher.data);
  // Only a new answer matters here, not a new onClose closure.
  const close = useEffectEvent(onClose);
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (!data.ok && data.field) {
      // The server's answer arrives as fetcher data; showing its field error is the reaction to it.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setError(data.message);
      return;
    }
    setReason("");
    setError(null);
    close();
  }, [fetcher.data]);

  return (
    <AdminDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
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

export function DeleteDialog({ target, onClose }: { target: AdminAppointment | null; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionData>({ key: "delete-appointment" });
  useActionToast(fetcher.data);
  // Only a new answer closes the dialog, not a new onClose closure.
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (fetcher.data) close();
  }, [fetcher.data]);
  return (
    <AdminDialog open={target !== null} onOpenChange={(open) => !open && onClose()} title="Termin löschen" description={deletePrompt}>
      {target ? <p className="mb-4 text-sm">{summary(target)}</p> : null}
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
 * The same two questions without JavaScript: the row links add ?cancel=ID or
 * ?delete=ID and the server renders this panel above the table.
 */
export function NoScriptPanel({
  kind,
  item,
  closeHref,
  error,
}: {
  kind: "cancel" | "delete";
  item: AdminAppointment;
  closeHref: string;
  error?: string | null;
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
