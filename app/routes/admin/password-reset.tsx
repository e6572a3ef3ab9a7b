import { data, Form, Link, useNavigation } from "react-router";
import { adminArea } from "~/auth/guard.server";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { databaseContext, requestContext } from "~/context";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { passwordChangeMessages, refusalMessage } from "~/messages";
import { completePasswordReset, openPasswordReset } from "~/services/account-password.server";
import type { Route } from "./+types/password-reset";

export const meta: Route.MetaFunction = () => [
  { title: "Neues Passwort wählen – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const middleware: Route.MiddlewareFunction[] = [adminArea];

/** The token is in the URL: it must not leak to another site. */
export const headers: Route.HeadersFunction = (args) => ({ "Referrer-Policy": "no-referrer", ...actionRetryAfter(args) });

/** The reset e-mail's link: /admin-passwort-neu/<token> (1 hour, once). Opening it changes nothing. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const reset = await openPasswordReset(context.get(databaseContext), params.token, new Date());
  return data(reset ? { email: reset.email, invalidMessage: null } : { email: "", invalidMessage: passwordChangeMessages.resetInvalid }, {
    status: reset ? 200 : 410,
  });
}

type ResetActionData = { ok: boolean; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data<ResetActionData>({ ok: false, message: body.bodyError.message }, { status: body.bodyError.status });
  const form = body.fields;
  if ((form.password ?? "") !== (form.passwordRepeat ?? "")) {
    return data<ResetActionData>({ ok: false, message: passwordChangeMessages.mismatch }, { status: 400 });
  }
  const { clientIp: ip, requestId } = context.get(requestContext);
  const result = await completePasswordReset(context.get(databaseContext), {
    token: params.token,
    newPassword: form.password ?? "",
    ip,
    requestId,
  });
  // No session here: the login follows, with the second factor when the account has it on.
  if (result.ok) return data<ResetActionData>({ ok: true, message: passwordChangeMessages.resetDone });
  if (result.code === "throttled") {
    return data<ResetActionData>(
      { ok: false, message: passwordChangeMessages.rateLimited(result.retryAfterSeconds) },
      { status: statusOf(result.code), headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  return data<ResetActionData>({ ok: false, message: refusalMessage(result, passwordChangeMessages) }, { status: statusOf(result.code) });
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const done = actionData?.ok === true;
  const invalid = loaderData.invalidMessage;
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">Neues Passwort wählen</h1>
          {loaderData.email && !done ? <p className="text-sm text-muted-foreground">Konto: {loaderData.email}</p> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {done || invalid ? (
            <>
              <p role={done ? "status" : "alert"}>{done ? actionData.message : invalid}</p>
              <Link to={done ? "/admin-login" : "/admin-passwort-vergessen"} className="underline underline-offset-4">
                {done ? "Zum Admin-Login" : "Neuen Link anfordern"}
              </Link>
            </>
          ) : (
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="username" value={loaderData.email} autoComplete="username" />
              <NewPasswordFields idPrefix="reset" />
              {actionData ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {actionData.message}
                </p>
              ) : null}
              <Button type="submit" disabled={navigation.state === "submitting"}>
                Passwort speichern
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
