import { data, Form, Link, useNavigation } from "react-router";
import { stepUpRedirect } from "~/auth/guard.server";
import { ResultMessage } from "~/components/admin/action-result";
import { DeleteQuestion, useFocusOnMount } from "~/components/admin/delete-question";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { isOwnerOnly, type OwnerOnlyData, OwnerOnlyPage } from "~/components/admin/owner-only";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label, NativeSelect, Textarea } from "~/components/ui/form-controls";
import { useFieldErrorsUntilEdited } from "~/components/ui/use-field-errors";
import { adminContext, databaseContext } from "~/context";
import { isUuid } from "~/domain/ids";
import { fail } from "~/domain/result";
import { allSlotTimes, slotRulesOf } from "~/domain/slots";
import { statusOf } from "~/http-status";
import { formatIsoDateDE } from "~/lib/format-date";
import { readFormFields } from "~/lib/http.server";
import { adminMessages, closureMessages, periodDE } from "~/messages";
import { parseClosureInput } from "~/schemas/closure";
import {
  addClosure,
  type AffectedAppointment,
  cancelAppointments,
  closureWithAffected,
  deleteClosure,
  listClosures,
  type StoredClosure,
} from "~/services/closures.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/closures";

export const meta: Route.MetaFunction = () => [
  { title: "Schließtage – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Die Schließtage konnten nicht geladen werden." };

/** The query parameter of a closure's 'Löschen': the page asks once more before the form deletes it. */
const DELETE_PARAM = "loeschen";

/**
 * Only an owner manages closures; staff get 403 with the German reason,
 * shown inside the board. `?loeschen=<id>` opens the question for that closure.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const result = await listClosures(db, context.get(adminContext), new Date());
  if (!result.ok) return data<OwnerOnlyData>({ ownerOnly: closureMessages.ownerOnly }, { status: statusOf("ownerOnly") });
  const deleting = new URL(request.url).searchParams.get(DELETE_PARAM);
  // A closure from a time: the start times of the workshop's hours (issue 29).
  return { closures: result.value, startTimes: allSlotTimes(slotRulesOf(await workshopFacts(db))), deleting };
}

type ClosureWithAffected = StoredClosure & { affected: AffectedAppointment[] };

type ClosuresActionData = {
  ok: boolean;
  message: string;
  /** A bad 'Eintragen': the message per field and what was typed. */
  fields?: Record<string, string>;
  values?: Record<string, string>;
  /** A closure just entered (or asked about), with the appointments it covers and the reason typed for them. */
  review?: { closure: ClosureWithAffected; reason: string; confirming: boolean };
};

function answer(body: ClosuresActionData, status = body.ok ? 200 : 400) {
  return data(body, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return answer({ ok: false, message: body.bodyError.message }, body.bodyError.status);
  const form = body.fields;
  const db = context.get(databaseContext);
  const actor = context.get(adminContext);
  if (actor.role !== "owner") return answer({ ok: false, message: closureMessages.ownerOnly }, statusOf("ownerOnly"));
  const now = new Date();
  switch (form.intent) {
    case "add": {
      const values = { from: form.from ?? "", to: form.to || form.from || "", name: form.name ?? "", startTime: form.startTime ?? "" };
      const input = parseClosureInput(values);
      if (!input.ok) return answer({ ok: false, message: closureMessages.invalid, fields: input.fields, values });
      const result = await addClosure(db, { actor, closure: input.data, now });
      if (!result.ok) return answer({ ok: false, message: closureMessages[result.code] }, statusOf(result.code));
      return answer({
        ok: true,
        message: closureMessages.added,
        review: { closure: result.value, reason: result.value.name, confirming: false },
      });
    }
    case "delete": {
      const result = isUuid(form.id) ? await deleteClosure(db, { actor, id: form.id, now }) : fail("notFound");
      return result.ok
        ? answer({ ok: true, message: closureMessages.deleted })
        : answer({ ok: false, message: closureMessages[result.code] }, statusOf(result.code));
    }
    case "cancel-all":
    case "cancel-all-back": {
      // 'Alle stornieren' first asks once more (and 'Zurück' returns to the list): the closure's appointments as they are now.
      const reason = form.reason ?? "";
      const found = isUuid(form.closure) ? await closureWithAffected(db, { actor, id: form.closure }) : fail("notFound");
      if (!found.ok) return answer({ ok: false, message: closureMessages[found.code] }, statusOf(found.code));
      const blank = form.intent === "cancel-all" && reason.trim() === "";
      const review = { closure: found.value, reason, confirming: form.intent === "cancel-all" && !blank };
      return answer({ ok: !blank, message: blank ? adminMessages.reasonRequired : "", review }, blank ? 400 : 200);
    }
    case "cancel-all-confirmed": {
      // One hidden field with every id: the form reader keeps the first of repeated keys.
      const ids = (form.ids ?? "").split(",").filter(isUuid);
      const result = await cancelAppointments(db, { admin: actor, ids, reason: form.reason ?? "", now });
      if (!result.ok && result.code === "stepUpRequired") throw stepUpRedirect(request);
      if (!result.ok) {
        const message = result.code === "ownerOnly" ? closureMessages.ownerOnly : adminMessages[result.code];
        return answer({ ok: false, message }, statusOf(result.code));
      }
      return answer({ ok: true, message: closureMessages.cancelled(result.value.cancelled, result.value.skipped) });
    }
    default:
      return answer({ ok: false, message: adminMessages.unknownAction });
  }
}

export default function AdminClosures({ loaderData, actionData }: Route.ComponentProps) {
  if (isOwnerOnly(loaderData)) return <OwnerOnlyPage reason={loaderData.ownerOnly} />;
  return <ClosuresPage {...loaderData} actionData={actionData} />;
}

function ClosuresPage({
  closures,
  startTimes,
  deleting,
  actionData,
}: Exclude<Route.ComponentProps["loaderData"], OwnerOnlyData> & { actionData: Route.ComponentProps["actionData"] }) {
  const busy = useNavigation().state === "submitting";
  const { errors: fields, onChange: clearEditedError } = useFieldErrorsUntilEdited(actionData?.fields);
  const values = actionData?.values ?? {};
  const fieldProps = (name: string) => ({
    id: `closure-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": fields[name] ? true : undefined,
    "aria-describedby": fields[name] ? `closure-${name}-error` : undefined,
  });
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">Schließtage</h2>
      <ResultMessage result={actionData} />
      {actionData?.review ? <AffectedAppointments {...actionData.review} busy={busy} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Schließtag eintragen</CardTitle>
          <CardDescription>
            Ein Tag oder ein Zeitraum, ganztägig oder ab einer Uhrzeit am ersten Tag (z. B. 24.12. ab 12:00 Uhr). Termine werden ab sofort
            nicht mehr angeboten; schon vereinbarte Termine in diesem Zeitraum werden danach angezeigt.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* Keyed by the answer, so a successful entry empties the fields. */}
          <Form method="post" className="grid max-w-md gap-3" key={actionData?.review?.closure.id ?? "form"} onChange={clearEditedError}>
            <input type="hidden" name="intent" value="add" />
            <Label htmlFor="closure-name">Bezeichnung</Label>
            <Input {...fieldProps("name")} maxLength={100} required placeholder="z. B. Betriebsurlaub" autoComplete="off" />
            <FieldError id="closure-name-error">{fields.name}</FieldError>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1">
                <Label htmlFor="closure-from">Von</Label>
                <Input {...fieldProps("from")} type="date" required />
                <FieldError id="closure-from-error">{fields.from}</FieldError>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="closure-to">Bis (leer: nur dieser Tag)</Label>
                <Input {...fieldProps("to")} type="date" />
                <FieldError id="closure-to-error">{fields.to}</FieldError>
              </div>
            </div>
            <Label htmlFor="closure-startTime">Geschlossen ab (am ersten Tag)</Label>
            <NativeSelect {...fieldProps("startTime")}>
              <option value="">ganztägig</option>
              {startTimes.map((time) => (
                <option key={time} value={time}>
                  {time} Uhr
                </option>
              ))}
            </NativeSelect>
            <FieldError id="closure-startTime-error">{fields.startTime}</FieldError>
            <Button type="submit" disabled={busy}>
              Eintragen
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Eingetragene Schließtage</CardTitle>
          <CardDescription>Zusätzlich zu Sonntagen und gesetzlichen Feiertagen, die immer geschlossen sind.</CardDescription>
        </CardHeader>
        <CardContent>
          {closures.length === 0 ? (
            <p className="text-sm text-muted-foreground">Keine Schließtage eingetragen.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Eingetragene Schließtage">
              {closures.map((closure) => (
                <li key={closure.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
                  <div>
                    <p className="font-semibold">{closure.name}</p>
                    <p className="text-sm text-muted-foreground">{periodDE(closure)}</p>
                  </div>
                  {closure.id === deleting ? (
                    <DeleteQuestion
                      id={closure.id}
                      question={closureMessages.confirmDelete(closure.name, periodDE(closure))}
                      page="/admin/schliesstage"
                      busy={busy}
                    />
                  ) : (
                    <Button asChild variant="outline">
                      {/* A link: it only opens the question (also without JavaScript); the question's button deletes. */}
                      <Link
                        to={`?${DELETE_PARAM}=${closure.id}`}
                        preventScrollReset
                        aria-label={`${closure.name} (${periodDE(closure)}) löschen`}
                      >
                        Löschen
                      </Link>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * After 'Eintragen': the appointments the new closure covers, and 'Alle stornieren' with its name
 * as the reason; 'Alle stornieren' asks once more (every customer gets an e-mail), with 'Zurück'.
 */
function AffectedAppointments({ closure, reason, confirming, busy }: NonNullable<ClosuresActionData["review"]> & { busy: boolean }) {
  const { affected } = closure;
  const ids = affected.map((appointment) => appointment.id).join(",");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Betroffene Termine</CardTitle>
        <CardDescription>
          {affected.length === 0
            ? `Im Zeitraum „${closure.name}“ (${periodDE(closure)}) liegen keine offenen oder bestätigten Termine.`
            : `Diese offenen oder bestätigten Termine liegen im Zeitraum „${closure.name}“ (${periodDE(closure)}).`}
        </CardDescription>
      </CardHeader>
      {affected.length > 0 ? (
        <CardContent className="grid gap-4">
          <ul className="grid gap-2" aria-label="Betroffene Termine">
            {affected.map((appointment) => (
              <li key={appointment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-3 text-sm">
                <span className="font-semibold">
                  {formatIsoDateDE(appointment.date)}, {appointment.time} Uhr
                </span>
                <span>{appointment.name}</span>
                <span className="text-muted-foreground">{appointment.service}</span>
                <StatusBadge status={appointment.status} />
              </li>
            ))}
          </ul>
          {confirming ? (
            <CancelAllQuestion closureId={closure.id} ids={ids} count={affected.length} reason={reason} busy={busy} />
          ) : (
            <Form method="post" className="grid max-w-md gap-3">
              <input type="hidden" name="intent" value="cancel-all" />
              <input type="hidden" name="closure" value={closure.id} />
              <Label htmlFor="cancel-all-reason">Stornierungsgrund (steht in der Absage-E-Mail)</Label>
              <Textarea id="cancel-all-reason" name="reason" rows={3} maxLength={1000} required defaultValue={reason} />
              <Button type="submit" variant="destructive" disabled={busy}>
                Alle stornieren
              </Button>
            </Form>
          )}
        </CardContent>
      ) : null}
    </Card>
  );
}

function CancelAllQuestion({
  closureId,
  ids,
  count,
  reason,
  busy,
}: {
  closureId: string;
  ids: string;
  count: number;
  reason: string;
  busy: boolean;
}) {
  const question = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div role="group" aria-labelledby="cancel-all-question" className="grid max-w-md gap-3 rounded-md border border-destructive p-3">
      <p id="cancel-all-question" ref={question} tabIndex={-1} className="text-sm font-medium focus-visible:outline-none">
        {closureMessages.confirmCancelAll(count)}
      </p>
      <blockquote className="whitespace-pre-wrap break-words border-l-4 border-border pl-3 text-sm">{reason}</blockquote>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-all-confirmed" />
          <input type="hidden" name="ids" value={ids} />
          <input type="hidden" name="reason" value={reason} />
          <Button type="submit" variant="destructive" disabled={busy}>
            {closureMessages.confirmCancelAllButton(count)}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-all-back" />
          <input type="hidden" name="closure" value={closureId} />
          <input type="hidden" name="reason" value={reason} />
          <Button type="submit" variant="outline" disabled={busy}>
            Zurück
          </Button>
        </Form>
      </div>
    </div>
  );
}
