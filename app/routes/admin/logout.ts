import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { adminOnly } from "~/auth/guard.server";
import { clearSessionCookie, destroySession } from "~/auth/session.server";

/** 'Abmelden' (a form post, with or without JavaScript): the session is deleted on the server. */
export const action = adminOnly(async ({ request, context }: Route.ActionArgs) => {
  await destroySession(context.db, request);
  throw redirect("/admin-login", { headers: { "Set-Cookie": clearSessionCookie() } });
});

export const loader = adminOnly(async (_args: Route.LoaderArgs) => {
  throw redirect("/admin");
});
