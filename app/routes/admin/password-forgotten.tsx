import { data, Form, Link, useNavigation } from "react-router";
import { adminArea } from "~/auth/guard.server";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form-controls";
import { databaseContext, requestContext } from "~/context";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { passwordChangeMessages } from "~/messages";
import { requestPasswordReset } from "~/services/account-password.server";
import type { Route } from "./+types/password-forgotten";

export const meta: Route.MetaFunction = () => [
  { title: "Passwort vergessen – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const middleware: Route.MiddlewareFunction[] = [adminArea];

export const headers: Route.HeadersFunction = actionRetryAfter;

type ForgottenActionData = { ok: boolean; message: string; email: string };

/** 'Passwort vergessen?' on the login: the address gets a one-time link when it has an account; the answer says the same either way. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) {
    return data<ForgottenActionData>({ ok: false, message: body.bodyError.message, email: "" }, { status: body.bodyError.status });
  }
  const email = (body.fields.email ?? "").slice(0, 254);
  const { clientIp: ip, requestId } = context.get(requestContext);
  const result = await requestPasswordReset(context.get(databaseContext), { email, ip, requestId });
  if (result.ok) return data<ForgottenActionData>({ ok: true, message: passwordChangeMessages.resetRequested, email: "" });
  if (result.code === "throttled") {
    return data<ForgottenActionData>(
      { ok: false, message: passwordChangeMessages.rateLimited(result.retryAfterSeconds), email },
      { status: statusOf(result.code), headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  return data<ForgottenActionData>({ ok: false, message: passwordChangeMessages[result.code], email }, { status: statusOf(result.code) });
}

export default function PasswordForgotten({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">Passwort vergessen</h1>
          <p className="text-sm text-muted-foreground">
            Geben Sie die E-Mail-Adresse Ihres Admin-Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort wählen.
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">
          {actionData?.ok ? (
            <p role="status" className="rounded-md border border-border p-3 text-sm">
              {actionData.message}
            </p>
          ) : (
            <Form method="post" className="grid gap-4">
              <div className="grid gap-2">
                <Label htmlFor="forgotten-email">E-Mail</Label>
                <Input
                  id="forgotten-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  maxLength={254}
                  required
                  defaultValue={actionData?.email ?? ""}
                  aria-invalid={actionData ? true : undefined}
                  aria-describedby={actionData ? "forgotten-error" : undefined}
                />
              </div>
              {actionData ? (
                <p id="forgotten-error" role="alert" className="text-sm font-medium text-destructive">
                  {actionData.message}
                </p>
              ) : null}
              <Button type="submit" disabled={navigation.state === "submitting"}>
                Link anfordern
              </Button>
            </Form>
          )}
          <p className="text-center text-sm">
            <Link to="/admin-login" className="underline underline-offset-4">
              Zurück zum Admin-Login
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
