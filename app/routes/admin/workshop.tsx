import { data, Form, Link, useNavigation } from "react-router";
import { ResultMessage } from "~/components/admin/action-result";
import { DeleteQuestion } from "~/components/admin/delete-question";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label, NativeSelect } from "~/components/ui/form-controls";
import { useFieldErrorsUntilEdited } from "~/components/ui/use-field-errors";
import { adminContext, databaseContext } from "~/context";
import { isUuid } from "~/domain/ids";
import { type Resource, resourceKinds } from "~/domain/resources";
import { fail } from "~/domain/result";
import { statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { adminMessages, resourceMessages } from "~/messages";
import { fieldMessages, resourceChangeSchema, resourceInputSchema } from "~/schemas/resource";
import { addResource, changeResource, deleteResource, listResources } from "~/services/resources.server";
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
 * cars. Every admin reads the list; only the owner adds, renames, deactivates and deletes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const resources = await listResources(context.get(databaseContext));
  const canChange = context.get(adminContext).role === "owner";
  const deleting = canChange ? new URL(request.url).searchParams.get(DELETE_PARAM) : null;
  return { resources, canChange, deleting };
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
    default:
      return answer({ ok: false, message: adminMessages.unknownAction });
  }
}

export default function AdminWorkshop({ loaderData, actionData }: Route.ComponentProps) {
  const { resources, canChange, deleting } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">Werkstatt</h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        Hebebühnen, §57a-Prüfplätze, Mechaniker:innen und Ersatzwagen der Werkstatt. Deaktivierte werden keinen neuen Terminen zugeteilt;
        wer schon Terminen zugeteilt war, wird beim Löschen nur deaktiviert.
      </p>
      <ResultMessage result={actionData} />
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
          canChange={canChange}
          deleting={deleting}
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
  canChange,
  deleting,
  actionData,
  busy,
}: {
  kind: Resource["kind"];
  resources: Resource[];
  canChange: boolean;
  deleting: string | null;
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
