import { data, redirect } from "react-router";
import { flashCookie } from "~/auth/flash";
import { adminArea } from "~/auth/guard.server";
import { sessionCookie } from "~/auth/session.server";
import { PasswordTokenPage } from "~/components/admin/password-token-page";
import { databaseContext, requestContext } from "~/context";
import { readFormFields } from "~/lib/http.server";
import { passwordMessages, teamMessages } from "~/messages";
import { acceptInvitation, openInvitation } from "~/services/team.server";
import type { Route } from "./+types/invitation";
import { linkPageRefusal } from "./link-refusal.server";

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
    ip: context.get(requestContext).clientIp,
    now: new Date(),
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) return linkPageRefusal(result, teamMessages);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(result.value.sessionId));
  headers.append("Set-Cookie", flashCookie("login"));
  throw redirect("/admin", { headers });
}

export default function AdminInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PasswordTokenPage
      title="Einladung annehmen"
      account={loaderData.email}
      invalidMessage={loaderData.invalidMessage}
      token={loaderData.token}
      error={actionData?.error}
      idPrefix="invitation"
      submitLabel="Passwort speichern und anmelden"
    >
      {/* For the password manager: the account the new password belongs to. */}
      <input type="hidden" name="username" value={loaderData.email} autoComplete="username" />
    </PasswordTokenPage>
  );
}
