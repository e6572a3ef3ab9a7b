import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { Button } from "~/components/ui/button";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { flashCookie } from "~/auth/flash";
import { adminArea } from "~/auth/guard.server";
import { passwordMessages } from "~/auth/password-policy";
import { sessionCookie } from "~/auth/session.server";
import { databaseContext } from "~/context";
import { readFormFields } from "~/lib/http.server";
import { teamMessages } from "~/messages";
import { acceptInvitation, openInvitation } from "~/services/team.server";

export const meta: Route.MetaFunction = () => [
  { title: "Einladung annehmen – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const middleware: Route.MiddlewareFunction[] = [adminArea];

/** The token is in the URL: it must not leak to another site. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

/** The invitation e-mail's link: /admin-einladung?token=… (72 hours, once). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await openInvitation(context.get(databaseContext), token, new Date());
  return data(
    invitation
      ? { token, email: invitation.email, invalidMessage: null }
      : { token: "", email: "", invalidMessage: teamMessages.invitationInvalid },
    { status: invitation ? 200 : 410 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data({ error: body.bodyError.message }, { status: body.bodyError.status });
  const form = body.fields;
  if ((form.password ?? "") !== (form.passwordRepeat ?? "")) return data({ error: passwordMessages.mismatch }, { status: 400 });
  const result = await acceptInvitation(context.get(databaseContext), {
    token: form.token ?? "",
    password: form.password ?? "",
    now: new Date(),
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) return data({ error: teamMessages[result.code] }, { status: 400 });
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(result.value.sessionId));
  headers.append("Set-Cookie", flashCookie("login"));
  throw redirect("/admin", { headers });
}

export default function AdminInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">Einladung annehmen</h1>
          {loaderData.email ? <p className="text-sm text-muted-foreground">Konto: {loaderData.email}</p> : null}
        </CardHeader>
        <CardContent>
          {loaderData.invalidMessage ? (
            <div className="grid gap-4">
              <p role="alert">{loaderData.invalidMessage}</p>
              <Link to="/admin-login" className="underline underline-offset-4">
                Zum Admin-Login
              </Link>
            </div>
          ) : (
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="token" value={loaderData.token} />
              <input type="hidden" name="username" value={loaderData.email} autoComplete="username" />
              <NewPasswordFields idPrefix="invitation" />
              {actionData?.error ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {actionData.error}
                </p>
              ) : null}
              <Button type="submit">Passwort speichern und anmelden</Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
