import { data, Form, redirect, useNavigation } from "react-router";
import { flashCookie } from "~/auth/flash";
import { safeRedirectTarget } from "~/auth/guard.server";
import { sessionCookie } from "~/auth/session.server";
import { confirmIdentity } from "~/auth/step-up.server";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form-controls";
import { adminContext, databaseContext, requestContext } from "~/context";
import { actionRetryAfter, retryAfter, statusOf } from "~/http-status";
import { readFormFields } from "~/lib/http.server";
import { loginMessages, stepUpMessages } from "~/messages";
import { securityOverview } from "~/services/second-factor.server";
import type { Route } from "./+types/step-up";

export const meta: Route.MetaFunction = () => [
  { title: `${stepUpMessages.pageTitle} – Admin-Board – Happy Car` },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = actionRetryAfter;

/** The page a sensitive owner action sends to when the last check of the password or a code is older than 10 minutes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const overview = await securityOverview(context.get(databaseContext), context.get(adminContext));
  return { hasCode: overview.enabled, redirectTo: safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo")) };
}

type StepUpActionData = { error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data<StepUpActionData>({ error: body.bodyError.message }, { status: body.bodyError.status });
  const password = (body.fields.password ?? "").slice(0, 1024) || undefined;
  const code = (body.fields.code ?? "").trim().slice(0, 32) || undefined;
  if (!password && !code) return data<StepUpActionData>({ error: stepUpMessages.missing }, { status: 400 });
  const { clientIp: ip, requestId } = context.get(requestContext);
  const result = await confirmIdentity(context.get(databaseContext), {
    userId: context.get(adminContext).id,
    cookieHeader: request.headers.get("cookie"),
    password,
    code,
    ip,
    requestId,
  });
  if (result.ok) {
    const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(result.value.sessionId));
    headers.append("Set-Cookie", flashCookie("stepUp"));
    throw redirect(redirectTo, { headers });
  }
  if (result.code === "throttled") {
    return data<StepUpActionData>(
      { error: loginMessages.throttled(result.limit, result.retryAfterSeconds) },
      { status: statusOf(result.code), headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  const error = result.code === "secondFactorLocked" ? loginMessages.secondFactorLocked : stepUpMessages.wrong;
  return data<StepUpActionData>({ error }, { status: statusOf(result.code) });
}

export default function StepUp({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <h1 className="text-xl font-semibold">{stepUpMessages.pageTitle}</h1>
        <p className="text-sm text-muted-foreground">{stepUpMessages.pageIntro}</p>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" aria-describedby={actionData ? "step-up-error" : undefined}>
          {actionData ? (
            <p id="step-up-error" role="alert" className="text-sm font-medium text-destructive">
              {actionData.error}
            </p>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor="step-up-password">{stepUpMessages.passwordLabel}</Label>
            <Input id="step-up-password" name="password" type="password" autoComplete="current-password" />
          </div>
          {loaderData.hasCode ? (
            <div className="grid gap-2">
              <Label htmlFor="step-up-code">{stepUpMessages.codeLabel}</Label>
              <Input id="step-up-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={32} />
            </div>
          ) : null}
          <Button type="submit" disabled={busy} className="min-h-11">
            {stepUpMessages.submit}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
