import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import QRCode from "qrcode";
import { useState } from "react";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import { passkeyAttestationSchema, secondFactorCodeSchema } from "~/auth/credentials";
import { stepUpRedirect } from "~/auth/guard.server";
import { relyingParty } from "~/auth/passkeys.server";
import { endSessionByHandle, listSessions, sessionIdFrom } from "~/auth/session.server";
import type { Throttled } from "~/auth/throttle.server";
import { ResultMessage } from "~/components/admin/action-result";
import { type AdminRouteHandle } from "~/components/admin/load-error";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { RecoveryCodes } from "~/components/admin/recovery-codes";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form-controls";
import { adminContext, databaseContext, enrolmentContext, requestContext } from "~/context";
import { type Access, accessRefusal, type Actor } from "~/domain/access";
import type { ErrorCode } from "~/domain/error-codes";
import type { Failure, Result } from "~/domain/result";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { readFormFields } from "~/lib/http.server";
import { sessionDevice } from "~/lib/session-device";
import { useHydrated } from "~/lib/use-hydrated";
import { loginMessages, passkeyMessages, passwordChangeMessages, refusalMessage, secondFactorMessages, teamMessages } from "~/messages";
import { changeOwnPassword } from "~/services/account-password.server";
import { finishPasskeyRegistration, listPasskeys, passkeyName, removePasskey } from "~/services/passkeys.server";
import {
  disableSecondFactor,
  enableSecondFactor,
  securityOverview,
  setSecondFactorRequired,
  startEnrolment,
} from "~/services/second-factor.server";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [
  { title: "Sicherheit – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = actionRetryAfter;

export const handle: AdminRouteHandle = { loadFailure: "Die Sicherheitseinstellungen konnten nicht geladen werden." };

/**
 * What each of the page's forms needs (app/domain/access.ts), as the JSON API's endpoints for the
 * same: before the second factor the owner requires is set up, only setting it up and the password.
 */
const intentAccess = new Map<string, Access>([
  ["setup", "session"],
  ["enable", "session"],
  ["password", "session"],
  ["disable", "enrolled"],
  ["end-session", "enrolled"],
  // A passkey is a second factor: added also before the one the owner requires is set up (decision 034).
  ["passkey-add", "session"],
  ["passkey-remove", "enrolled"],
  ["policy", "sensitive"],
]);

function actorOf(context: Route.LoaderArgs["context"]): Actor {
  const admin = context.get(adminContext);
  return { role: admin.role, mustEnrol: context.get(enrolmentContext), verifiedAt: admin.verifiedAt };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const db = context.get(databaseContext);
  const actor = actorOf(context);
  const overview = await securityOverview(db, admin);
  // Shown only where its forms may be used, like GET /api/v1/admin/sessions.
  const sessions = accessRefusal("enrolled", actor) ? [] : await listSessions(db, admin.id, request.headers.get("cookie"), new Date());
  // The QR code as inline SVG (paths only, no script or style): no third-party service sees the secret.
  const qrSvg = overview.pendingOtpauthUrl ? await QRCode.toString(overview.pendingOtpauthUrl, { type: "svg", margin: 1 }) : null;
  const passkeys = await listPasskeys(db, admin);
  return {
    email: admin.email,
    mayChangePolicy: accessRefusal("owner", actor) === null,
    mayManageSessions: accessRefusal("enrolled", actor) === null,
    mustEnrol: actor.mustEnrol,
    enabled: overview.enabled,
    enabledAt: overview.enabledAt ? formatDateTimeVienna(overview.enabledAt.toISOString()) : null,
    recoveryCodesLeft: overview.recoveryCodesLeft,
    requiredForAll: overview.requiredForAll,
    pendingSecret: overview.pendingSecret,
    qrSvg,
    sessions: sessions.map((session) => ({
      ...session,
      createdAt: formatDateTimeVienna(session.createdAt),
      lastSeenAt: formatDateTimeVienna(session.lastSeenAt),
    })),
    passkeys: passkeys.map((passkey) => ({
      ...passkey,
      createdAt: formatDateTimeVienna(passkey.createdAt),
      lastUsedAt: passkey.lastUsedAt ? formatDateTimeVienna(passkey.lastUsedAt) : null,
    })),
  };
}

type SecurityActionData = { ok: boolean; message: string; recoveryCodes?: string[] };

/** The login's limits refused it: the other codes of `answer` never say `throttled` (TypeScript cannot tell from the generic). */
function throttled(refusal: Failure<string> | Throttled): refusal is Throttled {
  return refusal.code === "throttled";
}

function answer<T, Code extends Exclude<ErrorCode, "throttled">>(
  result: Result<T, Code> | Throttled,
  success: string,
  messages: Record<Code, string>,
): ReturnType<typeof data<SecurityActionData>> {
  if (result.ok) return data<SecurityActionData>({ ok: true, message: success });
  if (throttled(result)) {
    return data<SecurityActionData>(
      { ok: false, message: loginMessages.throttled(result.limit, result.retryAfterSeconds) },
      { status: statusOf(result.code), headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  return data<SecurityActionData>({ ok: false, message: refusalMessage(result, messages) }, { status: statusOf(result.code) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body)
    return data<SecurityActionData>({ ok: false, message: body.bodyError.message }, { status: body.bodyError.status });
  const form = body.fields;
  const db = context.get(databaseContext);
  const admin = context.get(adminContext);
  const { clientIp: ip, requestId } = context.get(requestContext);
  const code = secondFactorCodeSchema.safeParse(form);
  const typedCode = code.success ? code.data.code : undefined;
  const access = intentAccess.get(form.intent ?? "");
  const refusal = access && accessRefusal(access, actorOf(context), new Date());
  if (refusal === "stepUpRequired") throw stepUpRedirect(request);
  if (refusal) {
    const message = refusal === "enrolmentRequired" ? loginMessages.enrolmentRequired : secondFactorMessages.ownerOnly;
    return data<SecurityActionData>({ ok: false, message }, { status: statusOf(refusal) });
  }

  switch (form.intent) {
    case "setup": {
      const result = await startEnrolment(db, admin);
      // The QR code is drawn by the loader from the stored secret: a reload shows it again until it is confirmed.
      if (result.ok) throw redirect("/admin/sicherheit");
      return answer(result, "", secondFactorMessages);
    }
    case "enable": {
      if (!typedCode || !form.password)
        return data<SecurityActionData>({ ok: false, message: secondFactorMessages.wrongPasswordOrCode }, { status: 400 });
      const result = await enableSecondFactor(db, { admin, password: form.password, code: typedCode, ip, requestId });
      if (!result.ok) return answer(result, "", secondFactorMessages);
      // Shown once, in this answer only: neither the page nor the database can show them again.
      return data<SecurityActionData>({ ok: true, message: secondFactorMessages.enabled, recoveryCodes: result.value.recoveryCodes });
    }
    case "disable": {
      if (!typedCode || !form.password)
        return data<SecurityActionData>({ ok: false, message: secondFactorMessages.wrongPasswordOrCode }, { status: 400 });
      return answer(
        await disableSecondFactor(db, { admin, password: form.password, code: typedCode, ip, requestId }),
        secondFactorMessages.disabled,
        secondFactorMessages,
      );
    }
    case "password": {
      if (!form.currentPassword || !form.password)
        return data<SecurityActionData>({ ok: false, message: passwordChangeMessages.changeMissing }, { status: 400 });
      if (form.password !== form.passwordRepeat)
        return data<SecurityActionData>({ ok: false, message: passwordChangeMessages.mismatch }, { status: 400 });
      const result = await changeOwnPassword(db, {
        admin,
        sessionId: sessionIdFrom(request.headers.get("cookie")) ?? "",
        currentPassword: form.currentPassword,
        newPassword: form.password,
        ip,
        requestId,
      });
      return answer(result, passwordChangeMessages.changed, passwordChangeMessages);
    }
    case "end-session": {
      const ended = await endSessionByHandle(db, admin.id, form.session ?? "");
      return ended
        ? data<SecurityActionData>({ ok: true, message: teamMessages.sessionEnded })
        : data<SecurityActionData>({ ok: false, message: teamMessages.sessionNotFound }, { status: 404 });
    }
    case "passkey-add": {
      // The browser's answer to the challenge of POST /api/v1/admin/passkeys/options (which took the password), as JSON.
      const credential = passkeyAttestationSchema.safeParse(parseJson(form.credential));
      if (!credential.success) return data<SecurityActionData>({ ok: false, message: passkeyMessages.credentialInvalid }, { status: 400 });
      const name = passkeyName(form.name);
      if (name === null) return data<SecurityActionData>({ ok: false, message: passkeyMessages.nameInvalid }, { status: 400 });
      const siteOrigin = context.get(requestContext).siteOrigin ?? new URL(request.url).origin;
      return answer(
        await finishPasskeyRegistration(db, { admin, credential: credential.data, name, rp: relyingParty(siteOrigin), ip, requestId }),
        passkeyMessages.added,
        passkeyMessages,
      );
    }
    case "passkey-remove": {
      if (!form.password) return data<SecurityActionData>({ ok: false, message: passkeyMessages.passwordMissing }, { status: 400 });
      return answer(
        await removePasskey(db, { admin, id: form.passkey ?? "", password: form.password, ip, requestId }),
        passkeyMessages.removed,
        passkeyMessages,
      );
    }
    case "policy": {
      const required = form.required === "on";
      const result = await setSecondFactorRequired(db, { admin, required });
      return answer(result, required ? secondFactorMessages.policyOn : secondFactorMessages.policyOff, secondFactorMessages);
    }
    default:
      return data<SecurityActionData>({ ok: false, message: secondFactorMessages.notStarted }, { status: 400 });
  }
}

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}

/**
 * 'Passkey hinzufügen': the password and a name, then the browser's dialog (a passkey of this
 * site that verifies its user) with the options of POST /api/v1/admin/passkeys/options, whose
 * answer goes to the page's action like any form. Needs JavaScript and WebAuthn; says so without.
 */
function AddPasskey({ email, busy }: { email: string; busy: boolean }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const supported = !hydrated || browserSupportsWebAuthn();

  async function addPasskey(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const form = event.currentTarget;
    setProblem(null);
    setWorking(true);
    try {
      const response = await fetch("/api/v1/admin/passkeys/options", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password: fields.get("password") }),
      });
      const options = await response.json();
      if (!response.ok) {
        setProblem(typeof options?.error === "string" ? options.error : passkeyMessages.passkeyFailed);
        return;
      }
      const credential = await startRegistration({ optionsJSON: options });
      form.reset();
      await submit(
        { intent: "passkey-add", name: String(fields.get("name") ?? ""), credential: JSON.stringify(credential) },
        { method: "post" },
      );
    } catch (error) {
      setProblem(error instanceof TypeError ? passkeyMessages.offline : passkeyMessages.cancelled);
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={addPasskey} className="grid max-w-xs gap-2">
      <input type="hidden" name="username" value={email} autoComplete="username" />
      <Label htmlFor="passkey-name">Name des Passkeys</Label>
      <Input id="passkey-name" name="name" maxLength={60} placeholder="z. B. Laptop Werkstatt" autoComplete="off" />
      <Label htmlFor="passkey-password">Ihr Passwort</Label>
      <Input id="passkey-password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={!hydrated || !supported || busy || working}>
        Passkey hinzufügen
      </Button>
      <noscript>
        <p className="text-sm text-muted-foreground">Zum Einrichten eines Passkeys muss JavaScript eingeschaltet sein.</p>
      </noscript>
      {!supported ? <p className="text-sm text-muted-foreground">{passkeyMessages.unsupported}</p> : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { enabled, pendingSecret, qrSvg } = loaderData;

  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">Sicherheit</h2>
      {loaderData.mustEnrol && !enabled ? (
        <p role="status" className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
          {loginMessages.enrolmentRequired} Erst danach öffnet sich das Board.
        </p>
      ) : null}
      <ResultMessage result={actionData} />
      {actionData?.recoveryCodes ? <RecoveryCodes codes={actionData.recoveryCodes} /> : null}

      <Card>
        <CardHeader>
          <CardTitle>Zwei-Faktor-Anmeldung</CardTitle>
          <CardDescription>
            {enabled
              ? `Eingeschaltet seit ${loaderData.enabledAt}. Noch ${loaderData.recoveryCodesLeft} von 10 Wiederherstellungscodes unbenutzt.`
              : "Zusätzlich zum Passwort ein Code aus einer Authenticator-App (z. B. Google Authenticator, Microsoft Authenticator, 2FAS)."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!enabled && !pendingSecret ? (
            <Form method="post">
              <input type="hidden" name="intent" value="setup" />
              <Button type="submit" disabled={busy}>
                Zwei-Faktor-Anmeldung einrichten
              </Button>
            </Form>
          ) : null}
          {!enabled && pendingSecret && qrSvg ? (
            <>
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                <li>Scannen Sie den QR-Code mit Ihrer Authenticator-App oder tippen Sie den Schlüssel ein.</li>
                <li>Geben Sie Ihr Passwort und den 6-stelligen Code ein, den die App dann zeigt.</li>
              </ol>
              <div
                role="img"
                aria-label="QR-Code für die Authenticator-App"
                className="w-48 max-w-full rounded-md border border-border bg-white p-2"
                dangerouslySetInnerHTML={{ __html: qrSvg }}
              />
              <p className="text-sm">
                Schlüssel: <code className="break-all font-mono">{pendingSecret}</code>
              </p>
              <Form method="post" className="grid max-w-xs gap-2">
                <input type="hidden" name="intent" value="enable" />
                <Label htmlFor="enable-password">Passwort</Label>
                <Input id="enable-password" name="password" type="password" autoComplete="current-password" required />
                <Label htmlFor="enable-code">Code aus der App</Label>
                <Input
                  id="enable-code"
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  pattern="[0-9 ]*"
                  maxLength={32}
                  required
                />
                <Button type="submit" disabled={busy}>
                  Einschalten
                </Button>
              </Form>
            </>
          ) : null}
          {enabled ? (
            <Form method="post" className="grid max-w-xs gap-2">
              <input type="hidden" name="intent" value="disable" />
              <Label htmlFor="disable-password">Passwort</Label>
              <Input id="disable-password" name="password" type="password" autoComplete="current-password" required />
              <Label htmlFor="disable-code">Aktueller Code</Label>
              <Input id="disable-code" name="code" autoComplete="one-time-code" maxLength={32} required />
              <Button type="submit" variant="outline" disabled={busy || loaderData.requiredForAll}>
                Ausschalten
              </Button>
              {loaderData.requiredForAll ? <p className="text-sm text-muted-foreground">{secondFactorMessages.required}</p> : null}
            </Form>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Passkeys</CardTitle>
          <CardDescription>
            Anmelden ohne Passwort und Code: mit Fingerabdruck, Gesicht oder PIN dieses Geräts oder eines Sicherheitsschlüssels. Ein Passkey
            gilt als Zwei-Faktor-Anmeldung.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {loaderData.passkeys.length > 0 ? (
            <ul className="grid gap-3" aria-label="Passkeys">
              {loaderData.passkeys.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-end justify-between gap-3 rounded-lg border border-border p-3">
                  <div className="grid gap-1 text-sm">
                    <span className="break-words font-medium">{passkey.name}</span>
                    <span className="text-muted-foreground">
                      Eingerichtet {passkey.createdAt},{" "}
                      {passkey.lastUsedAt ? `zuletzt verwendet ${passkey.lastUsedAt}` : "noch nie verwendet"}
                    </span>
                  </div>
                  {loaderData.mayManageSessions ? (
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="passkey-remove" />
                      <input type="hidden" name="passkey" value={passkey.id} />
                      <div className="grid gap-1">
                        <Label htmlFor={`passkey-remove-${passkey.id}`}>Passwort zum Entfernen</Label>
                        <Input
                          id={`passkey-remove-${passkey.id}`}
                          name="password"
                          type="password"
                          autoComplete="current-password"
                          required
                        />
                      </div>
                      <Button type="submit" variant="outline" disabled={busy} aria-label={`Passkey „${passkey.name}“ entfernen`}>
                        Entfernen
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">Noch kein Passkey eingerichtet.</p>
          )}
          <AddPasskey email={loaderData.email} busy={busy} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Passwort ändern</CardTitle>
          <CardDescription>Danach sind Sie nur noch in diesem Browser angemeldet; alle anderen Sitzungen enden.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* A new key after each answer empties the fields, so no password stays on the page. */}
          <Form method="post" className="grid max-w-sm gap-4" key={actionData?.message}>
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="username" value={loaderData.email} autoComplete="username" />
            <div className="grid gap-2">
              <Label htmlFor="change-current-password">Aktuelles Passwort</Label>
              <Input id="change-current-password" name="currentPassword" type="password" autoComplete="current-password" required />
            </div>
            <NewPasswordFields idPrefix="change" label="Neues Passwort" />
            <Button type="submit" disabled={busy}>
              Passwort ändern
            </Button>
          </Form>
        </CardContent>
      </Card>

      {loaderData.mayManageSessions ? (
        <Card>
          <CardHeader>
            <CardTitle>Ihre Sitzungen</CardTitle>
            <CardDescription>
              Wo Ihr Konto gerade angemeldet ist. Beenden Sie, was Sie nicht kennen, und ändern Sie dann Ihr Passwort.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3" aria-label="Sitzungen">
              {loaderData.sessions.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                  <div className="grid gap-1 text-sm">
                    <span className="break-words font-medium">{sessionDevice(session.userAgent)}</span>
                    {session.network ? <span className="text-muted-foreground">Netz {session.network}</span> : null}
                    <span className="text-muted-foreground">
                      Angemeldet {session.createdAt}, zuletzt aktiv {session.lastSeenAt}
                    </span>
                  </div>
                  {session.current ? (
                    <span className="text-sm font-semibold">Diese Sitzung</span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="end-session" />
                      <input type="hidden" name="session" value={session.id} />
                      <Button type="submit" variant="outline" disabled={busy}>
                        Beenden
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      {loaderData.mayChangePolicy ? (
        <Card>
          <CardHeader>
            <CardTitle>Für alle Konten</CardTitle>
            <CardDescription>
              Vorgeschrieben heißt: Wer noch keine Zwei-Faktor-Anmeldung hat, muss sie direkt nach dem Passwort einrichten.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="policy" />
              <input type="hidden" name="required" value={loaderData.requiredForAll ? "off" : "on"} />
              <p className="text-sm">{loaderData.requiredForAll ? "Derzeit vorgeschrieben." : "Derzeit freiwillig."}</p>
              <Button type="submit" variant="outline" disabled={busy}>
                {loaderData.requiredForAll ? "Nicht mehr vorschreiben" : "Für alle Konten vorschreiben"}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
