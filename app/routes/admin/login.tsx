import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form-controls";
import { credentialsSchema, missingCredentialsMessage } from "~/auth/credentials";
import { flashCookie } from "~/auth/flash";
import { adminArea, safeRedirectTarget } from "~/auth/guard.server";
import { login, wrongPasswordMessage } from "~/auth/login.server";
import { readSession, sessionCookie } from "~/auth/session.server";
import { tooManyAttemptsMessage } from "~/auth/throttle.server";
import { useHydrated } from "~/lib/use-hydrated";
import { databaseContext, requestContext } from "~/context";
import { readFormFields } from "~/lib/http.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin-Login – Happy Car" }, { name: "robots", content: "noindex, nofollow" }];

export const middleware: Route.MiddlewareFunction[] = [adminArea];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  if (await readSession(context.get(databaseContext), request, new Date())) throw redirect(redirectTo);
  return { redirectTo };
}

type LoginActionData = { error: string; email: string };

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) {
    return data<LoginActionData>({ error: body.bodyError.message, email: "" }, { status: body.bodyError.status });
  }
  const form = body.fields;
  const email = (form.email ?? "").slice(0, 254);
  const credentials = credentialsSchema.safeParse(form);
  if (!credentials.success) return data<LoginActionData>({ error: missingCredentialsMessage, email }, { status: 400 });
  const result = await login(context.get(databaseContext), { ...credentials.data, ip: context.get(requestContext).clientIp });
  if (result.ok) {
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(result.sessionId));
    headers.append("Set-Cookie", flashCookie("login"));
    throw redirect(safeRedirectTarget(form.redirectTo), { headers });
  }
  if (result.reason === "throttled") {
    return data<LoginActionData>(
      { error: tooManyAttemptsMessage, email },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  // The form page answers 200 with the message (the JSON API says 401): the browser re-renders the form.
  return data<LoginActionData>({ error: wrongPasswordMessage, email });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting";
  // A new key per answer remounts the password field empty after a failure
  // (counted while rendering, as React advises for state that follows a prop).
  const [answered, setAnswered] = useState({ data: actionData, attempt: 0 });
  if (answered.data !== actionData) setAnswered({ data: actionData, attempt: answered.attempt + 1 });
  const attempt = answered.attempt;
  useEffect(() => {
    if (actionData) toast.error(actionData.error);
  }, [actionData]);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">Admin-Login</h1>
          <p className="text-sm text-muted-foreground">Melden Sie sich mit Ihrem Admin-Konto an.</p>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <div className="grid gap-2">
              <Label htmlFor="admin-email">E-Mail</Label>
              <Input id="admin-email" name="email" type="email" autoComplete="username" required defaultValue={actionData?.email ?? ""} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="admin-password">Passwort</Label>
              <Input
                key={attempt}
                id="admin-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={actionData ? true : undefined}
                aria-describedby={actionData && !hydrated ? "admin-login-error" : undefined}
              />
            </div>
            {actionData && !hydrated ? (
              <p id="admin-login-error" role="alert" className="text-sm font-medium text-destructive">
                {actionData.error}
              </p>
            ) : null}
            <Button type="submit" disabled={submitting}>
              Anmelden
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm">
            <Link to="/" className="underline underline-offset-4">
              Zur Startseite
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
