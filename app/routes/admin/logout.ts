import { redirect } from "react-router";
import { logLoginEvent } from "~/auth/login-events.server";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { adminContext, databaseContext, requestContext } from "~/context";
import type { Route } from "./+types/logout";

/** 'Abmelden' (a form post, with or without JavaScript): the session is deleted on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  await destroySession(context.get(databaseContext), request.headers.get("cookie"));
  const { clientIp, requestId } = context.get(requestContext);
  logLoginEvent("logout", { accountId: context.get(adminContext).id, ip: clientIp, requestId });
  throw redirect("/admin-login", { headers: { "Set-Cookie": clearSessionCookie() } });
}

export function loader(): never {
  throw redirect("/admin");
}
