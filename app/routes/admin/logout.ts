import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { clearSessionCookie, destroySession } from "~/auth/session.server";
import { databaseContext } from "~/context";

/** 'Abmelden' (a form post, with or without JavaScript): the session is deleted on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  await destroySession(context.get(databaseContext), request);
  throw redirect("/admin-login", { headers: { "Set-Cookie": clearSessionCookie() } });
}

export function loader(): never {
  throw redirect("/admin");
}
