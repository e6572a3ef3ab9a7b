import { CalendarPlus, Phone } from "lucide-react";
import { PageHeader } from "~/components/site/section";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClassName } from "~/components/ui/button";
import { FieldError, Label, Textarea } from "~/components/ui/form-controls";
import { site } from "~/config/site";
import type { AppointmentStatus } from "~/domain/appointment";
import type { CustomerAppointment } from "~/domain/self-service";
import { formatIsoDateDE } from "~/lib/format-date";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { servicesLine } from "~/lib/format-services";
import { customerPageMessages, progressLabels } from "~/messages";
import { handoverLabels } from "~/schemas/booking-fields";
import { usePublicFacts } from "./public-facts-context";

const statusTones = { beantragt: "yellow", bestätigt: "green", storniert: "red" } as const satisfies Record<AppointmentStatus, string>;

export type CancelFormState = { error?: string; reasonError?: string; reason?: string };

/**
 * The customer's own page of an appointment (issue 16): status, details, the
 * workshop's contact, the calendar file and 'Termin absagen'. Server-rendered
 * only; the form is a plain POST to the same address, so it works without JavaScript.
 */
export function CustomerAppointmentView({
  appointment,
  calendarUrl,
  cancelledNow,
  cutoffHours,
  form,
}: {
  appointment: CustomerAppointment;
  /** The appointment as an .ics file (routes/customer/calendar.ts). */
  calendarUrl: string;
  /** The customer has just cancelled (after the form's redirect). */
  cancelledNow: boolean;
  cutoffHours: number;
  form?: CancelFormState;
}) {
  const { mainPhone: phone, fullAddress } = usePublicFacts();
  const vehicle = [appointment.licensePlate, appointment.vehicleModel].filter(Boolean).join(" · ");
  const handover = appointment.handover
    ? appointment.handover === "pickup" && appointment.pickupAddress
      ? `${handoverLabels.pickup}: ${appointment.pickupAddress}`
      : handoverLabels[appointment.handover]
    : null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:py-14">
      {cancelledNow ? (
        <p
          role="status"
          className="rounded-md border border-green-700/40 bg-green-50 p-4 text-green-950 dark:bg-green-950 dark:text-green-50"
        >
          {customerPageMessages.cancelled}
        </p>
      ) : null}

      <section aria-labelledby="status-heading" className="space-y-3">
        <h2 id="status-heading" className="text-xl font-semibold">
          Status
        </h2>
        <p className="flex flex-wrap items-center gap-3">
          <Badge tone={statusTones[appointment.status]}>{customerPageMessages.statusLabels[appointment.status]}</Badge>
          {appointment.progress ? (
            <span>
              Stand: <strong>{progressLabels[appointment.progress]}</strong>
            </span>
          ) : null}
        </p>
        {appointment.status === "storniert" ? (
          <p>
            {appointment.cancelledBy === "customer" ? "Sie haben diesen Termin abgesagt." : "Wir mussten diesen Termin leider stornieren."}
            {appointment.cancellationReason ? (
              <>
                {" "}
                Grund: <span className="whitespace-pre-wrap">{appointment.cancellationReason}</span>
              </>
            ) : null}
          </p>
        ) : null}
        {appointment.status === "beantragt" ? (
          <p className="text-muted-foreground">Wir prüfen Ihre Anfrage und senden Ihnen so bald wie möglich eine Bestätigung per E-Mail.</p>
        ) : null}
      </section>

      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="text-xl font-semibold">
          Ihr Termin
        </h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
          <dt className="text-muted-foreground">Datum</dt>
          <dd>{formatIsoDateDE(appointment.date)}</dd>
          <dt className="text-muted-foreground">Uhrzeit</dt>
          <dd>{appointment.time} Uhr</dd>
          <dt className="text-muted-foreground">{servicesLine(appointment).label}</dt>
          <dd>{servicesLine(appointment).value}</dd>
          {vehicle ? (
            <>
              <dt className="text-muted-foreground">Fahrzeug</dt>
              <dd>{vehicle}</dd>
            </>
          ) : null}
          {handover ? (
            <>
              <dt className="text-muted-foreground">Übergabe</dt>
              <dd>{handover}</dd>
            </>
          ) : null}
        </dl>
        {appointment.status === "bestätigt" ? (
          <a href={calendarUrl} download="termin.ics" className={buttonClassName({ variant: "outline" })}>
            <CalendarPlus aria-hidden="true" />
            In den Kalender eintragen
          </a>
        ) : null}
      </section>

      <section aria-labelledby="workshop-heading" className="space-y-2">
        <h2 id="workshop-heading" className="text-xl font-semibold">
          {site.name}
        </h2>
        <p>{fullAddress}</p>
        <p>
          <a href={phone.href} className="inline-flex min-h-11 items-center gap-2 font-medium underline underline-offset-4">
            <Phone aria-hidden="true" className="size-4" />
            {phone.display}
          </a>
        </p>
      </section>

      <CancelSection appointment={appointment} cutoffHours={cutoffHours} form={form} phone={phone.display} />
    </div>
  );
}

function CancelSection({
  appointment,
  cutoffHours,
  form,
  phone,
}: {
  appointment: CustomerAppointment;
  cutoffHours: number;
  form?: CancelFormState;
  phone: string;
}) {
  const { cancellation } = appointment;
  if (!cancellation.allowed && cancellation.reason !== "too-late") return null;
  return (
    <section aria-labelledby="cancel-heading" className="space-y-3 border-t border-border pt-6">
      <h2 id="cancel-heading" className="text-xl font-semibold">
        Termin absagen
      </h2>
      {form?.error ? (
        <p role="alert" className="font-medium text-destructive">
          {form.error}
        </p>
      ) : null}
      {cancellation.allowed ? (
        // A relative action: the form posts to this page's own address, whatever the token.
        <form method="post" className="space-y-3">
          <p className="text-muted-foreground">
            Sie können diesen Termin bis {formatDateTimeVienna(cancellation.deadline.toISOString())} Uhr hier absagen.
          </p>
          <input type="hidden" name="intent" value="cancel" />
          <div className="space-y-2">
            <Label htmlFor="reason">Grund (optional)</Label>
            <Textarea
              id="reason"
              name="reason"
              maxLength={500}
              defaultValue={form?.reason}
              aria-invalid={form?.reasonError ? true : undefined}
              aria-describedby={form?.reasonError ? "reason-error" : undefined}
            />
            <FieldError id="reason-error">{form?.reasonError}</FieldError>
          </div>
          <Button type="submit" variant="destructive">
            Termin absagen
          </Button>
        </form>
      ) : form?.error ? null : (
        <p>{customerPageMessages["too-late"](cutoffHours, phone)}</p>
      )}
    </section>
  );
}

/**
 * The second step of 'Termin absagen' (issue 26): the appointment, the reason
 * given, 'Ja, Termin absagen' (posts again with the confirmation) and the way
 * back, 'Nein, Termin behalten', the page itself. A page of its own at the top,
 * so that on a phone the question is what the customer sees first.
 */
export function CancelConfirmation({
  appointment,
  reason,
  confirmValue,
  backUrl,
}: {
  appointment: CustomerAppointment;
  reason: string;
  /** The value of `confirm` the action takes as the answer yes. */
  confirmValue: string;
  /** The appointment's page, unchanged. */
  backUrl: string;
}) {
  return (
    <>
      <PageHeader
        title="Wirklich absagen?"
        intro={`${servicesLine(appointment).value} am ${formatIsoDateDE(appointment.date)} um ${appointment.time} Uhr`}
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 md:py-14">
        <p>Wenn Sie absagen, ist die Uhrzeit für andere frei. Sie erhalten eine Bestätigung der Absage per E-Mail.</p>
        {reason.trim() ? (
          <p>
            Ihr Grund: <span className="whitespace-pre-wrap">{reason}</span>
          </p>
        ) : null}
        {/* The way back comes first, on a phone on top: keeping the appointment is the safe answer. */}
        <form method="post" className="flex flex-col gap-3 sm:flex-row">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="confirm" value={confirmValue} />
          <input type="hidden" name="reason" value={reason} />
          <a href={backUrl} className={buttonClassName()}>
            Nein, Termin behalten
          </a>
          <Button type="submit" variant="destructive">
            Ja, Termin absagen
          </Button>
        </form>
      </div>
    </>
  );
}

/**
 * A personal link that opens no appointment (any more): deleted by the
 * workshop (its links go with it), expired or mistyped. Which of these cannot
 * be told from a token, and need not be: the customer learns that the
 * appointment is not there and whom to call (issue 26).
 */
export function AppointmentGone() {
  const phone = usePublicFacts().mainPhone;
  return (
    <>
      <PageHeader title="Diesen Termin gibt es nicht mehr" />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 md:py-14">
        <p>
          Zu diesem Link finden wir keinen Termin mehr: Er wurde gelöscht, oder der Link ist abgelaufen. Haben Sie Fragen zu Ihrem Termin?
          Rufen Sie uns bitte an.
        </p>
        <p>
          <a href={phone.href} className="inline-flex min-h-11 items-center gap-2 text-lg font-medium underline underline-offset-4">
            <Phone aria-hidden="true" className="size-5" />
            {phone.display}
          </a>
        </p>
        <p className="flex flex-col gap-3 sm:flex-row">
          <a href="/#booking" className={buttonClassName()}>
            Neuen Termin vereinbaren
          </a>
          <a href="/" className={buttonClassName({ variant: "outline" })}>
            Zur Startseite
          </a>
        </p>
      </div>
    </>
  );
}
