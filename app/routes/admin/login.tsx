import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { toast } from "sonner";
import { credentialsSchema, passkeyAssertionSchema, secondFactorCodeSchema } from "~/auth/credentials";
import { flashCookie } from "~/auth/flash";
import { adminArea, safeRedirectTarget } from "~/auth/guard.server";
import { browserCookie, browserIdFrom } from "~/auth/known-browsers.server";
import { completeSecondFactor, login, type LoginResult, loginWithPasskey, type PasskeyLoginResult } from "~/auth/login.server";
import { relyingParty } from "~/auth/passkeys.server";
import { clearSessionCookie, deleteSession, readSession, sessionCookie, sessionIdFrom } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form-controls";
import { databaseContext, requestContext } from "~/context";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { useHydrated } from "~/lib/use-hydrated";
import { loginMessages, passkeyMessages } from "~/messages";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Admin-Login – Happy Car" }, { name: "robots", content: "noindex, nofollow" }];

export const middleware: Route.MiddlewareFunction[] = [adminArea];

export const headers: Route.HeadersFunction = actionRetryAfter;

/**
 * Two steps, both plain forms (they work without JavaScript): e-mail and
 * password, then, for an account with the second factor on, its code. Between
 * them a short `second_factor` session remembers that the password was right.
 * Beside them 'Mit Passkey anmelden' (decision 034), which needs JavaScript for the browser's
 * ceremony: the challenge from the JSON API, the browser's answer posted to this page's action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  const session = await readSession(context.get(databaseContext), request.headers.get("cookie"), new Date());
  if (session?.stage === "active") throw redirect(redirectTo);
  const codeStep = session?.stage === "second_factor";
  return { redirectTo, step: codeStep ? ("code" as const) : ("password" as const), codeLocked: codeStep && session.codeLocked };
}

/** `codeLocked`: the account's code login is locked (decision 033); only a recovery code gets in. */
type LoginActionData = { error: string; email: string; step: "password" | "code"; codeLocked?: boolean };

function loginPageUrl(redirectTo: string): string {
  return `/admin-login?redirectTo=${encodeURIComponent(redirectTo)}`;
}

function signedIn(result: Extract<LoginResult | PasskeyLoginResult, { ok: true }>, redirectTo: string): never {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(result.value.sessionId));
  headers.append("Set-Cookie", browserCookie(result.value.browserId));
  headers.append("Set-Cookie", flashCookie("login"));
  throw redirect(redirectTo, { headers });
}

/** Each refusal's words on the form (secondFactor: a wrong code of the code step). */
const refusalWords = {
  wrongPassword: loginMessages.wrongPassword,
  secondFactor: loginMessages.wrongCode,
  passkeyRequired: loginMessages.passkeyRequired,
  passkeyRefused: loginMessages.passkeyRefused,
} as const;

function refused(result: Exclude<LoginResult | PasskeyLoginResult, { ok: true }>, email: string, step: LoginActionData["step"]) {
  if (result.code === "throttled") {
    return data<LoginActionData>(
      { error: loginMessages.throttled(result.limit, result.retryAfterSeconds), email, step },
      { status: statusOf(result.code), headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  if (result.code === "secondFactorLocked") {
    return data<LoginActionData>(
      { error: loginMessages.secondFactorLocked, email, step, codeLocked: true },
      { status: statusOf(result.code) },
    );
  }
  // The form page answers 200 with the message (the JSON API says 401): the browser re-renders the form.
  return data<LoginActionData>({ error: refusalWords[result.code], email, step });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) {
    return data<LoginActionData>({ error: body.bodyError.message, email: "", step: "password" }, { status: body.bodyError.status });
  }
  const form = body.fields;
  const db = context.get(databaseContext);
  const { clientIp, requestId } = context.get(requestContext);
  const userAgent = request.headers.get("user-agent");
  const browserId = browserIdFrom(request.headers.get("cookie"));
  const redirectTo = safeRedirectTarget(form.redirectTo);

  if (form.intent === "passkey") {
    // The browser's answer to the challenge of POST /api/v1/admin/login/passkey/options, as JSON.
    const credential = passkeyAssertionSchema.safeParse(parseJson(form.credential));
    if (!credential.success)
      return data<LoginActionData>({ error: loginMessages.passkeyRefused, email: "", step: "password" }, { status: 400 });
    const siteOrigin = context.get(requestContext).siteOrigin ?? new URL(request.url).origin;
    const result = await loginWithPasskey(db, {
      credential: credential.data,
      rp: relyingParty(siteOrigin),
      ip: clientIp,
      requestId,
      userAgent,
      browserId,
    });
    return result.ok ? signedIn(result, redirectTo) : refused(result, "", "password");
  }

  if (form.intent === "code" || form.intent === "restart") {
    const session = await readSession(db, request.headers.get("cookie"), new Date());
    const pendingSessionId = sessionIdFrom(request.headers.get("cookie"));
    if (session?.stage !== "second_factor" || !pendingSessionId) {
      return data<LoginActionData>({ error: loginMessages.codeStepExpired, email: "", step: "password" });
    }
    if (form.intent === "restart") {
      await deleteSession(db, pendingSessionId, session.admin.id);
      throw redirect(loginPageUrl(redirectTo), { headers: { "Set-Cookie": clearSessionCookie() } });
    }
    const code = secondFactorCodeSchema.safeParse(form);
    if (!code.success || !code.data.code) return data<LoginActionData>({ error: loginMessages.codeRequired, email: "", step: "code" });
    const result = await completeSecondFactor(db, {
      pendingSessionId,
      userId: session.admin.id,
      code: code.data.code,
      ip: clientIp,
      requestId,
      userAgent,
      browserId,
    });
    return result.ok ? signedIn(result, redirectTo) : refused(result, "", "code");
  }

  const email = (form.email ?? "").slice(0, 254);
  const credentials = credentialsSchema.safeParse(form);
  if (!credentials.success)
    return data<LoginActionData>({ error: loginMessages.missingCredentials, email, step: "password" }, { status: 400 });
  const result = await login(db, { ...credentials.data, ip: clientIp, requestId, userAgent, browserId, pendingSecondFactor: true });
  if (result.ok) signedIn(result, redirectTo);
  if (result.code === "secondFactor" && result.sessionId) {
    // To the code step by a fresh GET, so that reloading it never sends the password again.
    throw redirect(loginPageUrl(redirectTo), { headers: { "Set-Cookie": sessionCookie(result.sessionId) } });
  }
  return refused(result, email, "password");
}

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}

/** Why the browser's passkey dialog ended without an answer, in the page's words. */
function passkeyProblem(error: unknown): string {
  if (error instanceof TypeError) return passkeyMessages.offline;
  return passkeyMessages.cancelled;
}

/**
 * 'Mit Passkey anmelden': the challenge from the JSON API, the browser's dialog (a passkey of this
 * site, the user verified), then the answer posted to the page's action, which logs in and
 * redirects as the password does. Without JavaScript or WebAuthn a German hint instead.
 */
function PasskeyLogin({ redirectTo, disabled }: { redirectTo: string; disabled: boolean }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const supported = !hydrated || browserSupportsWebAuthn();

  async function logInWithPasskey() {
    setProblem(null);
    setBusy(true);
    try {
      const response = await fetch("/api/v1/admin/login/passkey/options", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      const options = await response.json();
      if (!response.ok) {
        setProblem(typeof options?.error === "string" ? options.error : loginMessages.passkeyRefused);
        return;
      }
      const credential = await startAuthentication({ optionsJSON: options });
      await submit({ intent: "passkey", credential: JSON.stringify(credential), redirectTo }, { method: "post" });
    } catch (error) {
      setProblem(passkeyProblem(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 grid gap-2 border-t border-border pt-4">
      <Button type="button" variant="outline" disabled={!hydrated || !supported || busy || disabled} onClick={logInWithPasskey}>
        Mit Passkey anmelden
      </Button>
      <noscript>
        <p className="text-sm text-muted-foreground">Für die Anmeldung mit Passkey muss JavaScript eingeschaltet sein.</p>
      </noscript>
      {!supported ? <p className="text-sm text-muted-foreground">{passkeyMessages.unsupported}</p> : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting";
  // A new key per answer remounts the secret field empty after a failure
  // (counted while rendering, as React advises for state that follows a prop).
  const [answered, setAnswered] = useState({ data: actionData, attempt: 0 });
  if (answered.data !== actionData) setAnswered({ data: actionData, attempt: answered.attempt + 1 });
  const attempt = answered.attempt;
  useEffect(() => {
    if (actionData) toast.error(actionData.error);
  }, [actionData]);
  const step = actionData?.step ?? loaderData.step;
  const codeLocked = actionData?.codeLocked ?? loaderData.codeLocked;
  // Locked, the notice below says what the error would (the toast says it once more with JavaScript).
  const error =
    actionData && !hydrated && !actionData.codeLocked ? (
      <p id="admin-login-error" role="alert" className="text-sm font-medium text-destructive">
        {actionData.error}
      </p>
    ) : null;
  const describedBy = error ? "admin-login-error" : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">Admin-Login</h1>
          <p className="text-sm text-muted-foreground">
            {step !== "code"
              ? "Melden Sie sich mit Ihrem Admin-Konto an."
              : codeLocked
                ? "Geben Sie einen Ihrer Wiederherstellungscodes ein."
                : "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein oder einen Ihrer Wiederherstellungscodes."}
          </p>
        </CardHeader>
        <CardContent>
          {step === "code" ? (
            <>
              {codeLocked ? (
                <p id="admin-code-locked" role="alert" className="mb-4 text-sm font-medium text-destructive">
                  {loginMessages.secondFactorLocked}
                </p>
              ) : null}
              {/* Locked, the app's codes are refused even when right: only the recovery code's field is offered. */}
              {codeLocked ? null : (
                <Form method="post" className="grid gap-4">
                  <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
                  <input type="hidden" name="intent" value="code" />
                  <div className="grid gap-2">
                    <Label htmlFor="admin-code">Code</Label>
                    {/* The app's six digits: the phone's number pad and its SMS/app suggestion, focused at once. */}
                    <Input
                      key={attempt}
                      id="admin-code"
                      name="code"
                      autoComplete="one-time-code"
                      inputMode="numeric"
                      // The step's only task, reached right after the password: the code is typed at once (issue 26).
                      // eslint-disable-next-line jsx-a11y/no-autofocus
                      autoFocus
                      maxLength={32}
                      required
                      aria-invalid={actionData ? true : undefined}
                      aria-describedby={describedBy}
                    />
                  </div>
                  {error}
                  <Button type="submit" disabled={submitting}>
                    Bestätigen
                  </Button>
                </Form>
              )}
              {/* A recovery code has letters, which a number pad cannot type: its own field, also without JavaScript. */}
              <details className="mt-4 text-sm" open={codeLocked}>
                <summary className="cursor-pointer rounded-md font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  Wiederherstellungscode verwenden
                </summary>
                <Form method="post" className="mt-3 grid gap-2">
                  <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
                  <input type="hidden" name="intent" value="code" />
                  <Label htmlFor="admin-recovery-code">Wiederherstellungscode</Label>
                  <Input
                    key={attempt}
                    id="admin-recovery-code"
                    name="code"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    // Locked, the recovery code is the step's only task, as the app's code is otherwise.
                    // eslint-disable-next-line jsx-a11y/no-autofocus
                    autoFocus={codeLocked}
                    maxLength={32}
                    required
                    aria-describedby={codeLocked ? "admin-code-locked" : undefined}
                  />
                  <Button type="submit" variant="outline" disabled={submitting}>
                    Mit Wiederherstellungscode anmelden
                  </Button>
                </Form>
              </details>
              <Form method="post" className="mt-3">
                <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
                <input type="hidden" name="intent" value="restart" />
                <Button type="submit" variant="ghost" className="w-full">
                  Mit einem anderen Konto anmelden
                </Button>
              </Form>
            </>
          ) : (
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
                  aria-describedby={describedBy}
                />
              </div>
              {error}
              <Button type="submit" disabled={submitting}>
                Anmelden
              </Button>
              <Link to="/admin-passwort-vergessen" className="justify-self-center text-sm underline underline-offset-4">
                Passwort vergessen?
              </Link>
            </Form>
          )}
          {step !== "code" ? <PasskeyLogin redirectTo={loaderData.redirectTo} disabled={submitting} /> : null}
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
