import { data, Form, useNavigation } from "react-router";
import { stepUpRedirect } from "~/auth/guard.server";
import { ResultMessage } from "~/components/admin/action-result";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { isOwnerOnly, type OwnerOnlyData, OwnerOnlyPage } from "~/components/admin/owner-only";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { adminContext, backupDirContext, databaseContext } from "~/context";
import { statusOf } from "~/http-status";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { formatSizeDE } from "~/lib/format-size";
import { readFormFields } from "~/lib/http.server";
import { backupMessages } from "~/messages";
import { backUpNow, backupOverview } from "~/services/backups.server";
import type { Route } from "./+types/backups";

export const meta: Route.MetaFunction = () => [
  { title: "Sicherungen – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Die Sicherungen konnten nicht geladen werden." };

/**
 * 'Sicherungen' (issue 29, decision 041): the owner's backups, newest first, with 'Jetzt sichern'
 * and a download of each; a failed last backup says so. Staff get 403 with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const dir = context.get(backupDirContext) ?? undefined;
  const overview = await backupOverview(db, { admin: context.get(adminContext), dir });
  if (!overview.ok && overview.code === "stepUpRequired") throw stepUpRedirect(request);
  if (!overview.ok) return data<OwnerOnlyData>({ ownerOnly: backupMessages.ownerOnly }, { status: statusOf("ownerOnly") });
  return overview.value;
}

type BackupActionData = { ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data<BackupActionData>({ ok: false, message: body.bodyError.message }, { status: body.bodyError.status });
  const result = await backUpNow(context.get(databaseContext), {
    admin: context.get(adminContext),
    dir: context.get(backupDirContext) ?? undefined,
    now: new Date(),
  });
  if (!result.ok) return data<BackupActionData>({ ok: false, message: backupMessages[result.code] }, { status: statusOf(result.code) });
  return data<BackupActionData>({ ok: true, message: backupMessages.created(result.value.file) }, { status: 201 });
}

export default function AdminBackups({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (isOwnerOnly(loaderData)) return <OwnerOnlyPage reason={loaderData.ownerOnly} />;
  const { enabled, backups, health } = loaderData;
  const last = backups[0];
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">Sicherungen</h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        Jede Nacht um 3:00 Uhr, vor jedem Update der Datenbank und auf Knopfdruck; von jeder Art bleiben die 14 neuesten. Laden Sie ab und
        zu eine Sicherung herunter und bewahren Sie sie außerhalb des Servers auf.
      </p>
      <ResultMessage result={actionData} />
      {health.status === "failed" ? (
        <div role="alert" className="rounded-md border border-destructive bg-red-100 p-3 text-sm text-red-950">
          <p className="font-semibold">{backupMessages.failedNotice(formatDateTimeVienna(health.at))}</p>
          <p className="break-words [overflow-wrap:anywhere]">{health.error}</p>
        </div>
      ) : null}
      {enabled ? null : (
        <p role="note" className="rounded-md border border-border p-3 text-sm">
          {backupMessages.backupsOff}
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Letzte Sicherung</CardTitle>
          <CardDescription>
            {last ? `${formatDateTimeVienna(last.createdAt)}, ${formatSizeDE(last.size)}` : "Noch keine Sicherung vorhanden."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action="/admin/sicherungen">
            <Button type="submit" disabled={busy || !enabled}>
              Jetzt sichern
            </Button>
          </Form>
        </CardContent>
      </Card>
      {backups.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Vorhandene Sicherungen</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2" aria-label="Vorhandene Sicherungen">
              {backups.map((backup) => (
                <li key={backup.file} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
                  <div className="min-w-0">
                    <p className="font-medium">{formatDateTimeVienna(backup.createdAt)}</p>
                    <p className="text-sm text-muted-foreground">
                      {backupMessages.kindLabels[backup.kind]}, {formatSizeDE(backup.size)}
                    </p>
                  </div>
                  <Button asChild variant="outline">
                    {/* A plain link: the file comes as a download from the API (owner only). */}
                    <a
                      href={`/api/v1/admin/backups/${backup.file}`}
                      download
                      aria-label={`Sicherung vom ${formatDateTimeVienna(backup.createdAt)} herunterladen`}
                    >
                      Herunterladen
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
