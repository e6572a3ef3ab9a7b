import { data, Form, isRouteErrorResponse, Link, type ShouldRevalidateFunction, useNavigation } from "react-router";
import type { Route } from "./+types/appointment";
import { answerOrFailure, unanswered } from "~/components/admin/action-result";
import { type AdminRouteHandle, LoadError } from "~/components/admin/load-error";
import { ProgressCard } from "~/components/admin/progress-card";
import { EmailStateBadge, StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/form-controls";
import { adminContext, databaseContext } from "~/context";
import { readFormFields } from "~/lib/http.server";
import { formatDateDE } from "~/lib/format-date";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { formatMileage, formatMonthDE } from "~/lib/format-vehicle";
import { adminMessages, progressLabels } from "~/messages";
import { handoverLabels } from "~/schemas/booking-fields";
import { isProgressState, MAX_NOTE_LENGTH } from "~/domain/appointment";
import { statusOf } from "~/http-status";
import { saveInternalNote, setAppointmentProgress } from "~/services/appointment-commands.server";
import { type AuditEntry, appointmentDetails, isAppointmentId } from "~/services/appointment-queries.server";
import { readBoardSettings } from "~/services/board-settings.server";

export const meta: Route.MetaFunction = () => [
  { title: "Termindetails – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

const loadFailure = "Termin konnte nicht geladen werden.";

export const handle: AdminRouteHandle = { loadFailure };

/** One appointment and its audit trail (also after it was deleted), and whether 'Abholbereit' e-mails the customer. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const details = isAppointmentId(params.id) ? await appointmentDetails(db, params.id) : null;
  if (!details) throw data(adminMessages.notFound, { status: 404 });
  return { ...details, readyEmail: (await readBoardSettings(db)).readyEmail };
}

type PageActionData = { intent: "note" | "progress"; ok: boolean; message: string; unanswered?: true };

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  unanswered(actionResult) ? false : defaultShouldRevalidate;

/** 'Notiz speichern' and the car's progress buttons (plain form posts, with or without JavaScript). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  const intent = "fields" in body && body.fields.intent === "progress" ? "progress" : "note";
  const answer = (ok: boolean, message: string, status = 200) => data<PageActionData>({ intent, ok, message }, { status });
  if ("bodyError" in body) return answer(false, body.bodyError.message, body.bodyError.status);
  if (!isAppointmentId(params.id)) return answer(false, adminMessages.notFound, 404);
  const db = context.get(databaseContext);
  const admin = context.get(adminContext);
  if (intent === "progress") {
    const result = await setAppointmentProgress(db, { id: params.id, admin, progress: body.fields.progress });
    if (!result.ok) return answer(false, `${adminMessages.progressFailed} ${adminMessages[result.code]}`, statusOf(result.code));
    return answer(true, result.value.emailQueued ? adminMessages.progressReadyEmail : adminMessages.progressSaved);
  }
  const result = await saveInternalNote(db, { id: params.id, admin, note: body.fields.note });
  if (!result.ok) return answer(false, `${adminMessages.noteFailed} ${adminMessages[result.code]}`, statusOf(result.code));
  return answer(true, adminMessages.noteSaved.description);
}

/** In the browser: a dropped connection or a failed server says what was not saved; the typed note stays in its field. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent") === "progress" ? "progress" : "note";
  return answerOrFailure(serverAction, (): PageActionData => ({
    intent,
    ok: false,
    message: intent === "progress" ? adminMessages.progressFailed : adminMessages.noteFailed,
  }));
}

const actionLabels: Record<string, string> = {
  confirm: "bestätigt",
  cancel: "storniert",
  delete: "gelöscht",
  note: "Notiz geändert",
  progress: "Fortschritt",
};

/** A progress entry keeps its new state in `reason` (services/appointment-progress.server.ts): shown as part of the action. */
function auditAction(entry: AuditEntry): { action: string; reason: string | null } {
  if (entry.action === "progress" && isProgressState(entry.reason)) {
    return { action: `${actionLabels.progress}: ${progressLabels[entry.reason]}`, reason: null };
  }
  return { action: actionLabels[entry.action] ?? entry.action, reason: entry.reason };
}

export default function AppointmentDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, audit, readyEmail } = loaderData;
  const saving = useNavigation().state === "submitting";
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <BackToBoard />
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold leading-tight">{appointment ? `Termin von ${appointment.name}` : "Gelöschter Termin"}</h2>
        </CardHeader>
        <CardContent>
          {appointment ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="font-semibold">Name</dt>
              <dd>{appointment.name}</dd>
              <dt className="font-semibold">Email</dt>
              <dd>{appointment.email}</dd>
              <dt className="font-semibold">Telefon</dt>
              <dd>{appointment.phone}</dd>
              <dt className="font-semibold">Datum</dt>
              <dd>{formatDateDE(appointment.date)}</dd>
              <dt className="font-semibold">Uhrzeit</dt>
              <dd>{appointment.time}</dd>
              <dt className="font-semibold">Leistung</dt>
              <dd>
                {appointment.service} ({appointment.durationMinutes} Minuten)
              </dd>
              <dt className="font-semibold">Kennzeichen</dt>
              <dd>{appointment.licensePlate ?? "–"}</dd>
              <dt className="font-semibold">Marke und Modell</dt>
              <dd>{appointment.vehicleModel ?? "–"}</dd>
              <dt className="font-semibold">Kilometerstand</dt>
              <dd>{appointment.mileageKm === null ? "–" : formatMileage(appointment.mileageKm)}</dd>
              <dt className="font-semibold">Erstzulassung</dt>
              <dd>{appointment.firstRegistration ? formatMonthDE(appointment.firstRegistration) : "–"}</dd>
              <dt className="font-semibold">Übergabe</dt>
              <dd>{appointment.handover ? handoverLabels[appointment.handover] : "–"}</dd>
              {appointment.pickupAddress ? (
                <>
                  <dt className="font-semibold">Abholadresse</dt>
                  <dd>{appointment.pickupAddress}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Nachricht</dt>
              <dd className="whitespace-pre-line">{appointment.message || "–"}</dd>
              <dt className="font-semibold">Status</dt>
              <dd>
                <StatusBadge status={appointment.status} />
              </dd>
              {appointment.cancellationReason ? (
                <>
                  <dt className="font-semibold">Stornierungsgrund</dt>
                  <dd className="whitespace-pre-line">{appointment.cancellationReason}</dd>
                </>
              ) : null}
              <dt className="font-semibold">E-Mail</dt>
              <dd>
                <EmailStateBadge state={appointment.emailState} />
              </dd>
              <dt className="font-semibold">Angefragt am</dt>
              <dd>{formatDateTimeVienna(appointment.createdAt)}</dd>
            </dl>
          ) : (
            <p>Dieser Termin wurde gelöscht; der Verlauf bleibt erhalten.</p>
          )}
        </CardContent>
      </Card>
      {appointment?.status === "bestätigt" ? (
        <ProgressCard
          progress={appointment.progress}
          progressAt={appointment.progressAt}
          progressBy={appointment.progressBy}
          readyEmail={readyEmail}
          result={actionData?.intent === "progress" ? actionData : undefined}
          busy={saving}
        />
      ) : null}
      {appointment ? (
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold leading-tight">Interne Notiz</h2>
            <p className="text-sm text-muted-foreground">
              Nur für die Werkstatt: erscheint in keiner E-Mail an die Kundin oder den Kunden.
            </p>
          </CardHeader>
          <CardContent>
            <Form method="post" className="grid gap-3">
              <Label htmlFor="internal-note" className="sr-only">
                Interne Notiz
              </Label>
              <Textarea
                id="internal-note"
                name="note"
                rows={4}
                maxLength={MAX_NOTE_LENGTH}
                defaultValue={appointment.internalNote ?? ""}
                key={appointment.internalNote ?? ""}
              />
              {actionData?.intent === "note" ? (
                <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "text-sm" : "text-sm font-medium text-destructive"}>
                  {actionData.message}
                </p>
              ) : null}
              <Button type="submit" className="justify-self-start" disabled={saving}>
                Notiz speichern
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold leading-tight">Verlauf</h2>
        </CardHeader>
        <CardContent>
          {audit.length === 0 ? (
            <p className="text-sm text-muted-foreground">Noch keine Änderungen durch das Team.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-border">
                    {["Zeitpunkt", "Wer", "Aktion", "Vorher", "Nachher", "Grund"].map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 font-semibold">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {audit.map((entry) => {
                    const { action, reason } = auditAction(entry);
                    return (
                      <tr key={entry.id} className="border-b border-border align-top">
                        <td className="px-3 py-2 whitespace-nowrap">{formatDateTimeVienna(entry.createdAt)}</td>
                        <td className="px-3 py-2">{entry.actor}</td>
                        <td className="px-3 py-2">{action}</td>
                        <td className="px-3 py-2">{entry.oldStatus ?? "–"}</td>
                        <td className="px-3 py-2">{entry.newStatus ?? "–"}</td>
                        <td className="px-3 py-2 whitespace-pre-line">{reason ?? "–"}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function BackToBoard() {
  return (
    <p>
      <Link to="/admin" className="underline underline-offset-4">
        Zurück zur Terminverwaltung
      </Link>
    </p>
  );
}

/** Inside the admin layout: an unknown appointment (404) says so; any other failure offers 'Erneut versuchen'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <BackToBoard />
      {notFound ? (
        <div role="alert" className="rounded-xl border border-border bg-card p-6 text-card-foreground">
          <h2 className="text-lg font-semibold">Termin nicht gefunden</h2>
          <p>{typeof error.data === "string" ? error.data : loadFailure}</p>
        </div>
      ) : (
        <LoadError message={loadFailure} error={error} />
      )}
    </div>
  );
}
