import { data, redirect } from "react-router";
import { flashCookie } from "~/auth/flash";
import { adminArea } from "~/auth/guard.server";
import { sessionCookie } from "~/auth/session.server";
import { PasswordTokenPage } from "~/components/admin/password-token-page";
import { Input, Label } from "~/components/ui/form-controls";
import { databaseContext, requestContext } from "~/context";
import { readFormFields } from "~/lib/http.server";
import { accountMessages, passwordMessages } from "~/messages";
import { completeSetup, isSetupTokenUsable } from "~/services/admin-accounts.server";
import type { Route } from "./+types/setup";
import { linkPageRefusal } from "./link-refusal.server";

export const meta: Route.MetaFunction = () => [
  { title: "Admin-Konto einrichten – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const middleware: Route.MiddlewareFunction[] = [adminArea];

/** The token is in the URL: it must not leak to another site. */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

/** The one-time link printed at the first start: /admin-setup?token=… */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isSetupTokenUsable(context.get(databaseContext), token, new Date());
  return data(
    { token: usable ? token : "", invalidMessage: usable ? null : accountMessages.setupInvalid },
    {
      status: usable ? 200 : 410,
    },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data({ error: body.bodyError.message }, { status: body.bodyError.status });
  const form = body.fields;
  if ((form.password ?? "") !== (form.passwordRepeat ?? "")) {
    return data({ error: passwordMessages.mismatch }, { status: 400 });
  }
  const result = await completeSetup(context.get(databaseContext), {
    token: form.token ?? "",
    email: form.email ?? "",
    displayName: form.displayName,
    password: form.password ?? "",
    ip: context.get(requestContext).clientIp,
    now: new Date(),
  });
  if (!result.ok) return linkPageRefusal(result, accountMessages);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(result.value.sessionId));
  headers.append("Set-Cookie", flashCookie("login"));
  throw redirect("/admin", { headers });
}

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PasswordTokenPage
      title="Admin-Konto einrichten"
      invalidMessage={loaderData.invalidMessage}
      token={loaderData.token}
      error={actionData?.error}
      idPrefix="setup"
      submitLabel="Konto anlegen"
    >
      <div className="grid gap-2">
        <Label htmlFor="setup-email">E-Mail</Label>
        <Input id="setup-email" name="email" type="email" autoComplete="username" required />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="setup-name">Anzeigename</Label>
        <Input id="setup-name" name="displayName" autoComplete="name" maxLength={100} />
      </div>
    </PasswordTokenPage>
  );
}
