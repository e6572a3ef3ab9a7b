import { data, Form, Link, useNavigation } from "react-router";
import { ResultMessage } from "~/components/admin/action-result";
import { DeleteQuestion } from "~/components/admin/delete-question";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import {
  AbsenceForm,
  type AbsenceFormAnswer,
  AbsenceList,
  AbsenceOutcomeCard,
  REMOVE_ABSENCE_PARAM,
} from "~/components/admin/resource-absences";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label, NativeSelect } from "~/components/ui/form-controls";
import { useFieldErrorsUntilEdited } from "~/components/ui/use-field-errors";
import { adminContext, databaseContext } from "~/context";
import type { AbsenceOutcome, StoredAbsence } from "~/domain/absences";
import { isUuid } from "~/domain/ids";
import { type Resource, resourceKinds } from "~/domain/resources";
import { fail } from "~/domain/result";
import { allSlotTimes, slotRulesOf } from "~/domain/slots";
import { statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { absenceMessages, adminMessages, resourceMessages } from "~/messages";
import { absenceInputSchema } from "~/schemas/absence";
import { fieldMessages, resourceChangeSchema, resourceInputSchema } from "~/schemas/resource";
import { addAbsence, deleteAbsence, upcomingAbsences } from "~/services/absences.server";
import { addResource, changeResource, deleteResource, listResources } from "~/services/resources.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import type { Route } from "./+types/workshop";

export const meta: Route.MetaFunction = () => [
  { title: "Werkstatt – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Die Werkstatt konnte nicht geladen werden." };

/** The query parameter of a resource's 'Löschen': the page asks once more before the form deletes it. */
const DELETE_PARAM = "loeschen";
const PAGE = "/admin/werkstatt";

/**
 * 'Werkstatt' (issue 27, decision 038): the lifts, §57a inspection places, mechanics and courtesy
 * cars, and the mechanics' absences from today on. Every admin reads them; only the owner adds,
 * renames, deactivates and deletes resources and enters and removes absences.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const [resources, absences, facts] = await Promise.all([listResources(db), upcomingAbsences(db, new Date()), workshopFacts(db)]);
  const canChange = context.get(adminContext).role === "owner";
  const query = new URL(request.url).searchParams;
  const deleting = canChange ? query.get(DELETE_PARAM) : null;
  const removing = canChange ? query.get(REMOVE_ABSENCE_PARAM) : null;
  // An absence from a time: the start times of the workshop's hours (issue 29).
  return { resources, absences, startTimes: allSlotTimes(slotRulesOf(facts)), canChange, deleting, removing };
}

type WorkshopActionData = {
  ok: boolean;
  message: string;
  /** A bad form: the message per field, what was typed, and which form (`add` or a resource's id) it was. */
  fields?: Record<string, string>;
  values?: Record<string, string>;
  form?: string;
  /** Set after a new resource, so the add form starts empty again. */
  added?: string;
  /** A new absence and what it changed, for the resource it is of. */
  absence?: { outcome: AbsenceOutcome; resource: Resource };
};

function answer(body: WorkshopActionData, status = body.ok ? 200 : 400) {
  return data(body, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return answer({ ok: false, message: body.bodyError.message }, body.bodyError.status);
  const form = body.fields;
  const db = context.get(databaseContext);
  const actor = context.get(adminContext);
  if (actor.role !== "owner") return answer({ ok: false, message: resourceMessages.ownerOnly }, statusOf("ownerOnly"));
  const now = new Date();
  const refused = (code: "ownerOnly" | "notFound") => answer({ ok: false, message: resourceMessages[code] }, statusOf(code));
  switch (form.intent) {
    case "add": {
      const values = { name: form.name ?? "", kind: form.kind ?? "" };
      const input = resourceInputSchema.safeParse(values);
      if (!input.success) {
        return answer({ ok: false, message: resourceMessages.invalid, fields: fieldMessages(input.error), values, form: "add" });
      }
      const result = await addResource(db, { actor, resource: input.data, now });
      if (!result.ok) return refused(result.code);
      return answer({ ok: true, message: resourceMessages.added(result.value.name), added: result.value.id });
    }
    case "rename": {
      const id = form.id ?? "";
      const values = { name: form.name ?? "" };
      const change = resourceChangeSchema.safeParse(values);
      if (!change.success) {
        return answer({ ok: false, message: resourceMessages.invalid, fields: fieldMessages(change.error), values, form: id });
      }
      const result = isUuid(id) ? await changeResource(db, { actor, id, change: change.data, now }) : fail("notFound");
      if (!result.ok) return refused(result.code);
      return answer({ ok: true, message: resourceMessages.renamed(result.value.name) });
    }
    case "activate":
    case "deactivate": {
      const active = form.intent === "activate";
      const result = isUuid(form.id) ? await changeResource(db, { actor, id: form.id, change: { active }, now }) : fail("notFound");
      if (!result.ok) return refused(result.code);
      const name = result.value.name;
      return answer({ ok: true, message: active ? resourceMessages.activated(name) : resourceMessages.deactivated(name) });
    }
    case "delete": {
      const result = isUuid(form.id) ? await deleteResource(db, { actor, id: form.id, now }) : fail("notFound");
      if (!result.ok) return refused(result.code);
      const { deleted, resource } = result.value;
      return answer({
        ok: true,
        message: deleted ? resourceMessages.deleted(resource.name) : resourceMessages.deactivatedInsteadOfDeleted(resource.name),
      });
    }
    case "add-absence": {
      const resourceId = form.resource ?? "";
      const values = { from: form.from ?? "", to: form.to || form.from || "", startTime: form.startTime ?? "", reason: form.reason ?? "" };
      const input = absenceInputSchema.safeParse(values);
      if (!input.success) {
        return answer({
          ok: false,
          message: absenceMessages.invalid,
          fields: fieldMessages(input.error, "from"),
          values,
          form: `absence:${resourceId}`,
        });
      }
      const result = isUuid(resourceId) ? await addAbsence(db, { actor, resourceId, absence: input.data, now }) : fail("notFound");
      if (!result.ok) return answer({ ok: false, message: absenceMessages[result.code] }, statusOf(result.code));
      const { resource, ...outcome } = result.value;
      return answer({ ok: true, message: absenceMessages.added(resource.name), absence: { outcome, resource } });
    }
    case "delete-absence": {
      const resourceId = form.resource ?? "";
      const absenceId = form.id ?? "";
      const result =
        isUuid(resourceId) && isUuid(absenceId)
          ? await deleteAbsence(db, { actor, resourceId, absenceId, now })
          : fail(isUuid(resourceId) ? "absenceNotFound" : "notFound");
      if (!result.ok) return answer({ ok: false, message: absenceMessages[result.code] }, statusOf(result.code));
      return answer({ ok: true, message: absenceMessages.deleted(result.value.resource.name) });
    }
    default:
      return answer({ ok: false, message: adminMessages.unknownAction });
  }
}

export default function AdminWorkshop({ loaderData, actionData }: Route.ComponentProps) {
  const { resources, absences, startTimes, canChange, deleting, removing } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">Werkstatt</h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        Hebebühnen, §57a-Prüfplätze, Mechaniker:innen und Ersatzwagen der Werkstatt. Deaktivierte werden keinen neuen Terminen zugeteilt;
        wer schon Terminen zugeteilt war, wird beim Löschen nur deaktiviert.
      </p>
      <ResultMessage result={actionData} />
      {actionData?.absence ? <AbsenceOutcomeCard {...actionData.absence} /> : null}
      {canChange ? null : (
        <p role="note" className="rounded-md border border-border p-3 text-sm">
          {resourceMessages.readOnly}
        </p>
      )}
      {canChange ? <AddForm actionData={actionData} busy={busy} /> : null}
      {resourceKinds.map((kind) => (
        <KindGroup
          key={kind}
          kind={kind}
          resources={resources.filter((resource) => resource.kind === kind)}
          absences={absences}
          startTimes={startTimes}
          canChange={canChange}
          deleting={deleting}
          removing={removing}
          actionData={actionData}
          busy={busy}
        />
      ))}
    </div>
  );
}

function AddForm({ actionData, busy }: { actionData: WorkshopActionData | undefined; busy: boolean }) {
  const mine = actionData?.form === "add" ? actionData : undefined;
  const { errors: fields, onChange: clearEditedError } = useFieldErrorsUntilEdited(mine?.fields);
  const values = mine?.values ?? {};
  const fieldProps = (name: string) => ({
    id: `resource-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": fields[name] ? true : undefined,
    "aria-describedby": fields[name] ? `resource-${name}-error` : undefined,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Neu anlegen</CardTitle>
        <CardDescription>Eine Hebebühne, einen §57a-Prüfplatz, eine Mechanikerin oder einen Mechaniker, einen Ersatzwagen.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the answer, so a successful entry empties the fields. */}
        <Form method="post" action={PAGE} className="grid max-w-md gap-3" key={actionData?.added ?? "form"} onChange={clearEditedError}>
          <input type="hidden" name="intent" value="add" />
          <Label htmlFor="resource-kind">Art</Label>
          <NativeSelect {...fieldProps("kind")} required>
            {resourceKinds.map((kind) => (
              <option key={kind} value={kind}>
                {resourceMessages.kindLabels[kind]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="resource-kind-error">{fields.kind}</FieldError>
          <Label htmlFor="resource-name">Name</Label>
          <Input {...fieldProps("name")} maxLength={100} required placeholder="z. B. Hebebühne 4" autoComplete="off" />
          <FieldError id="resource-name-error">{fields.name}</FieldError>
          <Button type="submit" disabled={busy}>
            Anlegen
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function KindGroup({
  kind,
  resources,
  absences,
  startTimes,
  canChange,
  deleting,
  removing,
  actionData,
  busy,
}: {
  kind: Resource["kind"];
  resources: Resource[];
  absences: StoredAbsence[];
  startTimes: readonly string[];
  canChange: boolean;
  deleting: string | null;
  removing: string | null;
  actionData: WorkshopActionData | undefined;
  busy: boolean;
}) {
  const title = resourceMessages.kindGroups[kind];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {resources.length === 0 ? (
          <p className="text-sm text-muted-foreground">{resourceMessages.emptyGroup[kind]}</p>
        ) : (
          <ul className="grid gap-3" aria-label={title}>
            {resources.map((resource) => (
              <li key={resource.id} className="grid gap-3 rounded-lg border border-border p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="min-w-0 break-words font-semibold [overflow-wrap:anywhere]">{resource.name}</p>
                  {resource.active ? null : <Badge>deaktiviert</Badge>}
                </div>
                {canChange ? (
                  <ResourceForms resource={resource} deleting={deleting === resource.id} actionData={actionData} busy={busy} />
                ) : null}
                <Absences
                  resource={resource}
                  absences={absences.filter((absence) => absence.resourceId === resource.id)}
                  startTimes={startTimes}
                  canChange={canChange}
                  removing={removing}
                  actionData={actionData}
                  busy={busy}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ResourceForms({
  resource,
  deleting,
  actionData,
  busy,
}: {
  resource: Resource;
  deleting: boolean;
  actionData: WorkshopActionData | undefined;
  busy: boolean;
}) {
  const mine = actionData?.form === resource.id ? actionData : undefined;
  const { errors: fields, onChange: clearEditedError } = useFieldErrorsUntilEdited(mine?.fields);
  const inputId = `rename-${resource.id}`;
  if (deleting) return <DeleteQuestion id={resource.id} question={resourceMessages.confirmDelete(resource.name)} page={PAGE} busy={busy} />;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Form method="post" action={PAGE} className="flex min-w-0 flex-[1_1_20rem] flex-wrap items-end gap-2" onChange={clearEditedError}>
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="id" value={resource.id} />
        <div className="grid min-w-0 flex-[1_1_12rem] gap-1">
          <Label htmlFor={inputId}>Name</Label>
          <Input
            id={inputId}
            name="name"
            defaultValue={mine?.values?.name ?? resource.name}
            maxLength={100}
            required
            autoComplete="off"
            aria-invalid={fields.name ? true : undefined}
            aria-describedby={fields.name ? `${inputId}-error` : undefined}
          />
          <FieldError id={`${inputId}-error`}>{fields.name}</FieldError>
        </div>
        <Button type="submit" variant="outline" disabled={busy} aria-label={`${resource.name} umbenennen`}>
          Umbenennen
        </Button>
      </Form>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={PAGE}>
          <input type="hidden" name="intent" value={resource.active ? "deactivate" : "activate"} />
          <input type="hidden" name="id" value={resource.id} />
          <Button
            type="submit"
            variant="outline"
            disabled={busy}
            aria-label={`${resource.name} ${resource.active ? "deaktivieren" : "aktivieren"}`}
          >
            {resource.active ? "Deaktivieren" : "Aktivieren"}
          </Button>
        </Form>
        <Button asChild variant="outline">
          {/* A link: it only opens the question (also without JavaScript); the question's button deletes. */}
          <Link to={`?${DELETE_PARAM}=${resource.id}`} preventScrollReset aria-label={`${resource.name} löschen`}>
            Löschen
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * A resource's absences: always for a mechanic (the page offers them there), for another kind only
 * when it has some (entered through the API: a lift or a car out of service).
 */
function Absences({
  resource,
  absences,
  startTimes,
  canChange,
  removing,
  actionData,
  busy,
}: {
  resource: Resource;
  absences: StoredAbsence[];
  startTimes: readonly string[];
  canChange: boolean;
  removing: string | null;
  actionData: WorkshopActionData | undefined;
  busy: boolean;
}) {
  const offered = resource.kind === "mechanic";
  if (!offered && absences.length === 0) return null;
  const answer: AbsenceFormAnswer | undefined = actionData?.form === `absence:${resource.id}` ? actionData : undefined;
  return (
    <div className="grid gap-3 border-t border-border pt-3">
      <AbsenceList resource={resource} absences={absences} canChange={canChange} removing={removing} page={PAGE} busy={busy} />
      {canChange && offered ? (
        // Keyed by the new absence, so a successful entry empties and folds the form.
        <AbsenceForm
          key={actionData?.absence?.outcome.id ?? "form"}
          resource={resource}
          startTimes={startTimes}
          answer={answer}
          page={PAGE}
          busy={busy}
        />
      ) : null}
    </div>
  );
}
