import { Form, Link } from "react-router";
import { DeleteQuestion } from "~/components/admin/delete-question";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DisclosureSummary } from "~/components/ui/disclosure";
import { FieldError, Input, Label, NativeSelect } from "~/components/ui/form-controls";
import { useFieldErrorsUntilEdited } from "~/components/ui/use-field-errors";
import type { AbsenceAppointment, AbsenceOutcome, StoredAbsence } from "~/domain/absences";
import type { Resource } from "~/domain/resources";
import { formatIsoDateDE } from "~/lib/format-date";
import { absenceMessages, periodDE } from "~/messages";

/**
 * A resource's absences on 'Werkstatt' (issue 27): the list with 'Entfernen' (asked once more), the
 * owner's form to enter one, and after entering what it changed. Plain forms: they work without
 * JavaScript. The page (app/routes/admin/workshop.tsx) answers the intents `add-absence` and `delete-absence`.
 */

/** The query parameter of an absence's 'Entfernen': the page asks once more before the form removes it. */
export const REMOVE_ABSENCE_PARAM = "entfernen";

/** The add form's answer when refused: the message per field and what was typed. */
export type AbsenceFormAnswer = { fields?: Record<string, string>; values?: Record<string, string> };

export function AbsenceList({
  resource,
  absences,
  canChange,
  removing,
  page,
  busy,
}: {
  resource: Resource;
  absences: StoredAbsence[];
  canChange: boolean;
  removing: string | null;
  page: string;
  busy: boolean;
}) {
  const headingId = `absences-${resource.id}`;
  return (
    <div className="grid gap-2">
      <h4 id={headingId} className="text-sm font-semibold">
        Abwesenheiten
      </h4>
      {absences.length === 0 ? (
        <p className="text-sm text-muted-foreground">{absenceMessages.none}</p>
      ) : (
        <ul className="grid gap-2" aria-label={`Abwesenheiten von ${resource.name}`}>
          {absences.map((absence) => {
            const period = periodDE(absence);
            return (
              <li key={absence.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 p-3 text-sm">
                <p className="min-w-0 break-words [overflow-wrap:anywhere]">
                  <span className="font-medium">{period}</span> · {absence.reason}
                </p>
                {!canChange ? null : absence.id === removing ? (
                  <DeleteQuestion
                    id={absence.id}
                    question={absenceMessages.confirmDelete(resource.name, absence.reason, period)}
                    page={page}
                    busy={busy}
                    intent="delete-absence"
                    fields={{ resource: resource.id }}
                    confirm="Ja, entfernen"
                  />
                ) : (
                  <Button asChild variant="outline">
                    {/* A link: it only opens the question (also without JavaScript); the question's button removes. */}
                    <Link
                      to={`?${REMOVE_ABSENCE_PARAM}=${absence.id}`}
                      preventScrollReset
                      aria-label={`Abwesenheit „${absence.reason}“ von ${resource.name} (${period}) entfernen`}
                    >
                      Entfernen
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * 'Abwesenheit eintragen', folded away until opened (a <details>, also without JavaScript); open
 * again with the messages when the answer refused it. Von, Bis (empty: that day only), from a time on
 * the first day, and the reason with Urlaub, Krankenstand and Berufsschule suggested.
 */
export function AbsenceForm({
  resource,
  startTimes,
  answer,
  page,
  busy,
}: {
  resource: Resource;
  startTimes: readonly string[];
  answer: AbsenceFormAnswer | undefined;
  page: string;
  busy: boolean;
}) {
  const { errors: fields, onChange: clearEditedError } = useFieldErrorsUntilEdited(answer?.fields);
  const values = answer?.values ?? {};
  const prefix = `absence-${resource.id}`;
  const fieldProps = (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": fields[name] ? true : undefined,
    "aria-describedby": fields[name] ? `${prefix}-${name}-error` : undefined,
  });
  return (
    <details className="group" open={answer ? true : undefined}>
      <DisclosureSummary>Abwesenheit eintragen</DisclosureSummary>
      <Form
        method="post"
        action={page}
        aria-label={`Abwesenheit von ${resource.name} eintragen`}
        className="mt-2 grid gap-3 rounded-md border border-border p-3"
        onChange={clearEditedError}
      >
        <input type="hidden" name="intent" value="add-absence" />
        <input type="hidden" name="resource" value={resource.id} />
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${prefix}-from`}>Von</Label>
            <Input {...fieldProps("from")} type="date" required />
            <FieldError id={`${prefix}-from-error`}>{fields.from}</FieldError>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${prefix}-to`}>Bis (leer: nur dieser Tag)</Label>
            <Input {...fieldProps("to")} type="date" />
            <FieldError id={`${prefix}-to-error`}>{fields.to}</FieldError>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${prefix}-startTime`}>Ab Uhrzeit (am ersten Tag)</Label>
            <NativeSelect {...fieldProps("startTime")}>
              <option value="">ganztägig</option>
              {startTimes.map((time) => (
                <option key={time} value={time}>
                  {time} Uhr
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${prefix}-startTime-error`}>{fields.startTime}</FieldError>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${prefix}-reason`}>Grund</Label>
            <Input {...fieldProps("reason")} list={`${prefix}-reasons`} maxLength={100} required autoComplete="off" />
            <datalist id={`${prefix}-reasons`}>
              {absenceMessages.reasonSuggestions.map((reason) => (
                <option key={reason} value={reason} />
              ))}
            </datalist>
            <FieldError id={`${prefix}-reason-error`}>{fields.reason}</FieldError>
          </div>
        </div>
        <Button type="submit" disabled={busy} className="justify-self-start" aria-label={`Abwesenheit von ${resource.name} eintragen`}>
          Eintragen
        </Button>
      </Form>
    </details>
  );
}

/**
 * After 'Eintragen': the appointments the absence moved to another resource and those nothing was
 * free for (they keep the absent one: the owner moves or cancels them), each linked to its details.
 */
export function AbsenceOutcomeCard({ outcome, resource }: { outcome: AbsenceOutcome; resource: Resource }) {
  const period = periodDE(outcome);
  const { affected, reassigned } = outcome;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Betroffene Termine</CardTitle>
        <CardDescription className="break-words [overflow-wrap:anywhere]">
          {resource.name}: {outcome.reason}, {period}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {affected.length === 0 && reassigned.length === 0 ? (
          <p className="text-sm">{absenceMessages.nothingChanged(resource.name, period)}</p>
        ) : null}
        {affected.length > 0 ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium text-destructive">{absenceMessages.affectedIntro(resource.kind, resource.name)}</p>
            <AppointmentLinks label="Termine ohne Ersatz" appointments={affected} />
          </div>
        ) : null}
        {reassigned.length > 0 ? (
          <div className="grid gap-2">
            <p className="text-sm">{absenceMessages.reassignedIntro(resource.name)}</p>
            <AppointmentLinks
              label="Umgeplante Termine"
              appointments={reassigned}
              extra={(appointment) => absenceMessages.reassignedTo(appointment.resource.name)}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function AppointmentLinks<T extends AbsenceAppointment>({
  label,
  appointments,
  extra,
}: {
  label: string;
  appointments: T[];
  extra?: (appointment: T) => string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {appointments.map((appointment) => (
        <li key={appointment.id}>
          <Link
            to={`/admin/termine/${appointment.id}`}
            className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-3 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="font-semibold underline underline-offset-4">
              {formatIsoDateDE(appointment.date)}, {appointment.time} Uhr
            </span>
            <span className="min-w-0 break-words [overflow-wrap:anywhere]">{appointment.name}</span>
            <span className="text-muted-foreground">{appointment.service}</span>
            {extra ? <span className="font-medium">{extra(appointment)}</span> : null}
            <StatusBadge status={appointment.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
