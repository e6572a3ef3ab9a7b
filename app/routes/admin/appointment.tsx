import { data, Form, isRouteErrorResponse, Link, redirect, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { flashCookie } from "~/auth/flash";
import { ActionNotice, type AdminActionData, answerOrFailure, failureData } from "~/components/admin/action-result";
import {
  CancelDialog,
  DeleteDialog,
  deleteErasesReminderNote,
  NoScriptPanel,
  noScriptPanelFor,
} from "~/components/admin/appointment-dialogs";
import { appointmentFailure, isAppointmentIntent, revalidateAfterAppointmentAction } from "~/components/admin/appointment-intents";
import { AppointmentActions } from "~/components/admin/appointment-list";
import { useDialogTarget } from "~/components/admin/dialog";
import { EarlierVisitsCard } from "~/components/admin/earlier-visits-card";
import { findingAuditLabels, type FindingsAnswer, FindingsCard, findingsFailure, isFindingIntent } from "~/components/admin/findings-card";
import { HoldsCard, MOVE_RESOURCES_INTENT, resourceField } from "~/components/admin/holds-card";
import {
  InspectionReminderCard,
  REMINDER_DELETE_INTENT,
  REMINDER_DELETE_PARAM,
  ReminderDeleteDialog,
} from "~/components/admin/inspection-reminder-card";
import { type AdminRouteHandle, LoadError } from "~/components/admin/load-error";
import { ProgressCard } from "~/components/admin/progress-card";
import { EmailStateBadge, StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Label, Textarea } from "~/components/ui/form-controls";
import { adminContext, databaseContext } from "~/context";
import { type AdminAppointment, isProgressState, MAX_NOTE_LENGTH } from "~/domain/appointment";
import { resourceKinds } from "~/domain/resources";
import { fail } from "~/domain/result";
import { visitFactsOf } from "~/domain/workshop";
import { statusOf } from "~/http-status";
import { formatDateDE } from "~/lib/format-date";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { servicesLine } from "~/lib/format-services";
import { formatMileage, formatMonthDE } from "~/lib/format-vehicle";
import { readForm } from "~/lib/http.server";
import { adminMessages, appointmentMarks, courtesyCarMessages, holdMessages, holdRefusal, moveMessages, progressLabels } from "~/messages";
import { handoverLabels } from "~/schemas/booking-fields";
import { deleteAppointmentReminder, saveInternalNote, setAppointmentProgress } from "~/services/appointment-commands.server";
import { missingKinds, moveAppointmentResources, resourceChoices } from "~/services/appointment-holds.server";
import { appointmentDetails, type AuditEntry, isAppointmentId } from "~/services/appointment-queries.server";
import { readBoardSettings } from "~/services/board-settings.server";
import { boardFindings } from "~/services/findings.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/appointment";
import { appointmentAction } from "./appointment-action.server";
import { findingsAction } from "./findings-action.server";

export const meta: Route.MetaFunction = () => [
  { title: "Termindetails – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

const loadFailure = "Termin konnte nicht geladen werden.";

export const handle: AdminRouteHandle = { loadFailure };

/**
 * One appointment and its audit trail (also after it was deleted), whether 'Abholbereit' e-mails the
 * customer, and as on the board: whether this account may delete, and the no-JavaScript question
 * (also 'Erinnerung löschen', `?erinnerung=loeschen`). An active appointment also brings the choices
 * of 'Zuordnung ändern' and the kinds it holds nothing of (issue 27).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const details = isAppointmentId(params.id) ? await appointmentDetails(db, params.id) : null;
  if (!details) throw data(adminMessages.notFound, { status: 404 });
  const canDelete = context.get(adminContext).role === "owner";
  const search = new URL(request.url).searchParams;
  const panel = noScriptPanelFor(search, details.appointment ? [details.appointment] : [], canDelete);
  const askingReminderDelete = canDelete && search.get(REMINDER_DELETE_PARAM) === "loeschen";
  const appointment = details.appointment;
  // What the appointment needs by the workshop's facts (issue 29).
  const workshop = visitFactsOf(await workshopFacts(db));
  const [settings, holdChoices, findings] = await Promise.all([
    readBoardSettings(db),
    appointment ? resourceChoices(db, appointment, workshop) : [],
    appointment ? boardFindings(db, appointment.id) : null,
  ]);
  const missing = appointment ? missingKinds(appointment, appointment.resources, workshop) : [];
  return { ...details, readyEmail: settings.readyEmail, canDelete, panel, askingReminderDelete, holdChoices, missing, findings };
}

type PageActionData = { intent: "note" | "progress"; ok: boolean; message: string; unanswered?: true };

/** This page's own answers ('Notiz speichern', progress, the findings), apart from the list's actions it offers too. */
function isPageAnswer(answer: PageActionData | FindingsAnswer | AdminActionData): answer is PageActionData | FindingsAnswer {
  return answer.intent === "note" || answer.intent === "progress" || answer.intent === "findings";
}

export const shouldRevalidate: ShouldRevalidateFunction = revalidateAfterAppointmentAction;

/**
 * The list's actions (Bestätigen, Stornieren, Löschen, Erneut senden) as on the board; after
 * 'Löschen' back to the board, which says so. 'Notiz speichern', the car's progress buttons and
 * 'Erinnerung löschen' and 'Zuordnung ändern' (answered like the list's actions: a toast, or the
 * notice without JavaScript). All plain form posts, with or without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const body = await readForm({ request, context });
  if ("fields" in body && isFindingIntent(body.fields.intent)) return findingsAction(params.id, context, body);
  if ("fields" in body && isAppointmentIntent(body.fields.intent)) {
    const answer = await appointmentAction(request, context, body.fields);
    if (answer.data.ok && answer.data.intent === "delete") {
      return redirect("/admin", { headers: { "Set-Cookie": flashCookie("deleted") } });
    }
    return answer;
  }
  if ("fields" in body && body.fields.intent === REMINDER_DELETE_INTENT) {
    const result = isAppointmentId(params.id)
      ? await deleteAppointmentReminder(context.get(databaseContext), { id: params.id, admin: context.get(adminContext) })
      : fail("notFound");
    if (result.ok) return data<AdminActionData>({ ok: true, intent: REMINDER_DELETE_INTENT, ...adminMessages.reminderErased });
    const message = `${adminMessages.reminderEraseFailed} ${adminMessages[result.code]}`;
    return data<AdminActionData>({ ok: false, intent: REMINDER_DELETE_INTENT, message }, { status: statusOf(result.code) });
  }
  if ("fields" in body && body.fields.intent === MOVE_RESOURCES_INTENT) return moveAction(params.id, context, body.fields);
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
  const { note } = body.fields;
  if (typeof note !== "string") return answer(false, `${adminMessages.noteFailed} ${adminMessages.noteInvalid}`, 400);
  const result = await saveInternalNote(db, { id: params.id, admin, note });
  if (!result.ok) return answer(false, `${adminMessages.noteFailed} ${adminMessages[result.code]}`, statusOf(result.code));
  return answer(true, adminMessages.noteSaved.description);
}

/** 'Zuordnung ändern': the choice of each kind's select (`resource-lift`, …) is the whole new set. */
async function moveAction(id: string | undefined, context: Route.ActionArgs["context"], form: Record<string, string>) {
  const resourceIds = resourceKinds.map((kind) => form[resourceField(kind)] ?? "").filter((value) => value !== "");
  const db = context.get(databaseContext);
  const workshop = visitFactsOf(await workshopFacts(db));
  const result = isAppointmentId(id)
    ? await moveAppointmentResources(db, { id, admin: context.get(adminContext), resourceIds, workshop })
    : fail("notFound");
  if (result.ok) {
    return data<AdminActionData>({
      ok: true,
      intent: MOVE_RESOURCES_INTENT,
      ...holdMessages.moved(holdMessages.holdsText(result.value.resources)),
    });
  }
  const message = `${holdMessages.moveFailed} ${holdRefusal(result)}`;
  return data<AdminActionData>({ ok: false, intent: MOVE_RESOURCES_INTENT, message }, { status: statusOf(result.code) });
}

/** In the browser: a dropped connection or a failed server says what was not saved; the typed note stays in its field. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const posted = (await request.clone().formData()).get("intent");
  return answerOrFailure(serverAction, (): PageActionData | FindingsAnswer | AdminActionData => {
    if (isAppointmentIntent(posted)) return appointmentFailure(posted);
    if (isFindingIntent(posted)) return findingsFailure;
    if (posted === REMINDER_DELETE_INTENT) return failureData(REMINDER_DELETE_INTENT, adminMessages.reminderEraseFailed);
    if (posted === MOVE_RESOURCES_INTENT) return failureData(MOVE_RESOURCES_INTENT, holdMessages.moveFailed);
    const intent = posted === "progress" ? "progress" : "note";
    return { intent, ok: false, message: intent === "progress" ? adminMessages.progressFailed : adminMessages.noteFailed };
  });
}

const actionLabels: Record<string, string> = {
  confirm: "bestätigt",
  cancel: "storniert",
  delete: "gelöscht",
  note: "Notiz geändert",
  progress: "Fortschritt",
  "reminder.delete": "§57a-Erinnerung gelöscht",
  // A new absence moved it to another resource of the same kind (the reason names both and why).
  "resource.reassign": "umgeplant",
  resources: holdMessages.auditLabel,
  ...findingAuditLabels,
};

/** A progress entry keeps its new state in `reason` (services/appointment-progress.server.ts): shown as part of the action. */
function auditAction(entry: AuditEntry): { action: string; reason: string | null } {
  if (entry.action === "progress" && isProgressState(entry.reason)) {
    return { action: `${actionLabels.progress}: ${progressLabels[entry.reason]}`, reason: null };
  }
  return { action: actionLabels[entry.action] ?? entry.action, reason: entry.reason };
}

export default function AppointmentDetails({ loaderData, actionData: answer, params }: Route.ComponentProps) {
  const { appointment, audit, readyEmail, canDelete, panel, askingReminderDelete, holdChoices, missing } = loaderData;
  const saving = useNavigation().state === "submitting";
  const cancelDialog = useDialogTarget<AdminAppointment>();
  const deleteDialog = useDialogTarget<AdminAppointment>();
  const reminderDialog = useDialogTarget<true>();
  const actionData = answer && isPageAnswer(answer) ? answer : undefined;
  const listAnswer = answer && !isPageAnswer(answer) ? answer : undefined;
  const pageHref = `/admin/termine/${params.id}`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <BackToBoard />
      <ActionNotice data={listAnswer} />
      {panel ? (
        <NoScriptPanel
          kind={panel.kind}
          item={panel.item}
          closeHref={pageHref}
          error={listAnswer && !listAnswer.ok && listAnswer.field ? listAnswer.message : null}
          note={panel.kind === "delete" && appointment?.inspectionReminder ? deleteErasesReminderNote : undefined}
        />
      ) : null}
      <Card>
        <CardHeader className="gap-3">
          <h2 className="text-xl font-semibold leading-tight">{appointment ? `Termin von ${appointment.name}` : "Gelöschter Termin"}</h2>
          {appointment ? (
            <AppointmentActions
              item={appointment}
              hrefWith={(extra) => `${pageHref}?${new URLSearchParams(extra)}`}
              onCancel={cancelDialog.open}
              onDelete={canDelete ? deleteDialog.open : undefined}
            />
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {missing.length > 0 ? (
            <div
              role="note"
              className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            >
              <p className="font-semibold">{holdMessages.missingTitle(missing)}</p>
              <p>{holdMessages.missingAdvice}</p>
            </div>
          ) : null}
          {appointment ? (
            // A long address or name wraps inside its column instead of widening the page on a phone.
            <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm [&>dd]:wrap-anywhere">
              <dt className="font-semibold">Name</dt>
              <dd>{appointment.name}</dd>
              <dt className="font-semibold">Email</dt>
              {/* A caller entered without an address gets no e-mails (issue 28): the board says so. */}
              <dd>{appointment.email ?? moveMessages.noEmail}</dd>
              <dt className="font-semibold">Telefon</dt>
              <dd>{appointment.phone}</dd>
              <dt className="font-semibold">Datum</dt>
              <dd>{formatDateDE(appointment.date)}</dd>
              <dt className="font-semibold">Uhrzeit</dt>
              <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>{appointment.time}</span>
                {appointment.status !== "storniert" ? (
                  <Link
                    to={`/admin/planer?date=${appointment.date}&verschieben=${appointment.id}`}
                    className="inline-flex min-h-11 items-center underline underline-offset-4 sm:min-h-0"
                  >
                    {moveMessages.moveInPlanner}
                  </Link>
                ) : null}
              </dd>
              <dt className="font-semibold">{moveMessages.sourceLabel}</dt>
              <dd>{moveMessages.sources[appointment.source]}</dd>
              {appointment.overbooked ? (
                <>
                  <dt className="font-semibold">{moveMessages.placementLabel}</dt>
                  <dd>{appointmentMarks.overbooked(missing)}</dd>
                </>
              ) : null}
              {appointment.overrideReason ? (
                <>
                  <dt className="font-semibold">{moveMessages.overrideDoneLabel}</dt>
                  <dd className="whitespace-pre-line">{appointment.overrideReason}</dd>
                </>
              ) : null}
              <dt className="font-semibold">{servicesLine(appointment).label}</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span>
                  {servicesLine(appointment).value} ({appointment.durationMinutes} Minuten)
                </span>
                {appointment.courtesyCar ? <Badge tone="yellow">{courtesyCarMessages.label}</Badge> : null}
              </dd>
              {holdChoices.length > 0 ? (
                <>
                  <dt className="font-semibold">{holdMessages.heldLabel}</dt>
                  <dd className="wrap-anywhere">
                    {appointment.resources.length > 0 ? holdMessages.holdsText(appointment.resources) : "–"}
                  </dd>
                </>
              ) : null}
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
      {loaderData.findings && appointment?.status !== "storniert" ? (
        <FindingsCard board={loaderData.findings} result={actionData?.intent === "findings" ? actionData : undefined} busy={saving} />
      ) : null}
      {holdChoices.length > 0 ? <HoldsCard kinds={holdChoices} busy={saving} /> : null}
      {appointment ? <EarlierVisitsCard visits={appointment.earlierVisits} /> : null}
      {appointment?.inspectionReminder ? (
        <InspectionReminderCard
          reminder={appointment.inspectionReminder}
          canDelete={canDelete}
          asking={askingReminderDelete}
          pageHref={pageHref}
          onAsk={(opener) => reminderDialog.open(true, opener)}
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
          <h2 id="history-heading" className="text-xl font-semibold leading-tight">
            Verlauf
          </h2>
        </CardHeader>
        <CardContent>
          {audit.length === 0 ? (
            <p className="text-sm text-muted-foreground">Noch keine Änderungen durch das Team.</p>
          ) : (
            // A table that may scroll sideways (a phone) holds no control of its own: its box takes
            // the focus, so a keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable), and is named.
            <div
              role="region"
              aria-labelledby="history-heading"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box is operable: arrow keys scroll it
              tabIndex={0}
              className="overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
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
      <CancelDialog dialog={cancelDialog} />
      {canDelete ? (
        <DeleteDialog dialog={deleteDialog} note={appointment?.inspectionReminder ? deleteErasesReminderNote : undefined} />
      ) : null}
      {canDelete ? <ReminderDeleteDialog dialog={reminderDialog} /> : null}
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
