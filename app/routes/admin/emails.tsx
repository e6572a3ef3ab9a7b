import { data, Form, Link, type ShouldRevalidateFunction } from "react-router";
import {
  ActionNotice,
  type AdminActionData,
  answerOrFailure,
  bodyErrorData,
  failureData,
  unanswered,
} from "~/components/admin/action-result";
import { type AdminRouteHandle, LoadError } from "~/components/admin/load-error";
import { EmailStateBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { databaseContext } from "~/context";
import { statusOf } from "~/http-status";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { readFormFields } from "~/lib/http.server";
import { adminMessages } from "~/messages";
import { listUndeliveredEmails, resendFailedEmail } from "~/services/admin-emails.server";
import type { Route } from "./+types/emails";

export const meta: Route.MetaFunction = () => [
  { title: "E-Mails – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

const loadFailure = "E-Mails konnten nicht geladen werden.";

export const handle: AdminRouteHandle = { loadFailure };

/** After an action that never reached the server (connection dropped) nothing changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  unanswered(actionResult) ? false : defaultShouldRevalidate;

export async function loader({ context }: Route.LoaderArgs) {
  return { emails: await listUndeliveredEmails(context.get(databaseContext)) };
}

/** 'Erneut senden' for one failed e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return bodyErrorData(body.bodyError);
  const { emailId } = body.fields;
  const requeued = await resendFailedEmail(context.get(databaseContext), emailId);
  return requeued
    ? data<AdminActionData>({ ok: true, intent: "resend", ...adminMessages.resent })
    : data<AdminActionData>({ ok: false, intent: "resend", message: adminMessages.resendFailed }, { status: statusOf("resendFailed") });
}

/** In the browser: a dropped connection or a failed server answers as a refused resend does. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerOrFailure(serverAction, () => failureData("resend", adminMessages.resendFailed));
}

const templateLabels: Record<string, string> = {
  "booking-received-customer": "Eingangsbestätigung",
  "booking-received-workshop": "Neue Anfrage (Werkstatt)",
  "appointment-confirmed": "Terminbestätigung",
  "appointment-cancelled": "Terminstornierung",
  "appointment-ready": "Fahrzeug abholbereit",
  "contact-message": "Kontaktnachricht",
  "staff-invitation": "Einladung ins Admin-Board",
  "password-reset": "Passwort zurücksetzen",
  "password-changed": "Passwort geändert",
  "second-factor-locked": "Anmeldung mit Code gesperrt",
};

export default function AdminEmails({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-tight">Nicht zugestellte E-Mails</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ActionNotice data={actionData} />
        {loaderData.emails.length === 0 ? (
          <p className="text-muted-foreground">Keine ausstehenden oder fehlgeschlagenen E-Mails.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  {["Erstellt", "Empfänger", "Art", "Status", "Versuche", "Letzter Fehler", "Aktionen"].map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {loaderData.emails.map((email) => (
                  <tr key={email.id} className="border-b border-border align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTimeVienna(email.createdAt)}</td>
                    <td className="px-3 py-2 break-all">{email.recipient}</td>
                    <td className="px-3 py-2">
                      {email.appointmentId ? (
                        <Link to={`/admin/termine/${email.appointmentId}`} className="underline underline-offset-4">
                          {templateLabels[email.template] ?? email.template}
                        </Link>
                      ) : (
                        (templateLabels[email.template] ?? email.template)
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <EmailStateBadge state={email.status} />
                    </td>
                    <td className="px-3 py-2">{email.attempts}</td>
                    <td className="px-3 py-2 break-words">{email.lastError ?? "–"}</td>
                    <td className="px-3 py-2">
                      {email.status === "failed" ? (
                        <Form method="post">
                          <input type="hidden" name="emailId" value={email.id} />
                          <Button type="submit" size="sm" variant="secondary">
                            Erneut senden
                          </Button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError message={loadFailure} error={error} />;
}
