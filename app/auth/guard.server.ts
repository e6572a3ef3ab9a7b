import { type MiddlewareFunction, redirect } from "react-router";
import { adminContext, databaseContext, enrolmentContext, requestContext } from "~/context";
import type { Database } from "~/db/client.server";
import { accessRefusal } from "~/domain/access";
import { readSession, type SessionState } from "./session.server";

/** Where an account that must set up its second factor is sent. */
export const SECURITY_PAGE = "/admin/sicherheit";

/** Where a login may send the admin back to: only admin pages of this site. */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith("/admin") || value.startsWith("/admin-") || /[\\\s]/.test(value)) {
    return "/admin";
  }
  return value;
}

function pagePath(request: Request): string {
  const url = new URL(request.url);
  // React Router's data requests carry these; the admin wants the page itself.
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  return url.pathname.replace(/\.data$/, "") + (url.search === "?" ? "" : url.search);
}

/** Where a sensitive owner action sends an account whose last check of the password or a code is too old. */
export const STEP_UP_PAGE = "/admin/bestaetigen";

/**
 * The pages' answer to `stepUpRequired` (app/domain/access.ts): to the confirmation page, and back to
 * the page the refused action was posted from (or the refused loader's page) once confirmed.
 */
export function stepUpRedirect(request: Request): Response {
  return redirect(`${STEP_UP_PAGE}?redirectTo=${encodeURIComponent(safeRedirectTarget(pagePath(request)))}`);
}

/** Nothing of the admin area may be kept by a browser or a proxy: not the board, not the login form. */
function noStore(response: Response): Response {
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** For the admin routes that need no session (login, first setup): only `no-store`. */
export const adminArea: MiddlewareFunction<Response> = async (_args, next) => noStore(await next());

/**
 * The session behind a Cookie header when it is a full one: not expired, not still waiting for the
 * login's code. The one check of the pages' guard below and the JSON API's (server/api/guard.ts).
 */
export async function activeSession(db: Database, cookieHeader: string | null | undefined): Promise<SessionState | null> {
  const session = await readSession(db, cookieHeader, new Date());
  return session?.stage === "active" ? session : null;
}

/**
 * The one check behind every admin page, as middleware on their layout route
 * (app/routes.ts), so that it runs for every loader and action below, data
 * requests included. Without a full session (none, expired, or one still
 * waiting for the login's code) a page redirects to the login (and back
 * afterwards); with one, the account is in `adminContext` and whether it must
 * first set up its second factor in `enrolmentContext`. Every answer is `no-store`.
 */
export const adminPagesGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await activeSession(context.get(databaseContext), request.headers.get("cookie"));
  if (!session) {
    return noStore(redirect(`/admin-login?redirectTo=${encodeURIComponent(safeRedirectTarget(pagePath(request)))}`));
  }
  context.set(adminContext, session.admin);
  context.set(enrolmentContext, session.mustEnrol);
  context.set(requestContext, { ...context.get(requestContext), accountId: session.admin.id });
  return noStore(await next());
};

/**
 * When the owner requires the second factor, an account without it may only
 * reach the pages outside the layout that carries this middleware: the
 * 'Sicherheit' page and the logout.
 */
export const enrolledPagesOnly: MiddlewareFunction<Response> = async ({ context }, next) =>
  accessRefusal("enrolled", { role: context.get(adminContext).role, mustEnrol: context.get(enrolmentContext) })
    ? redirect(SECURITY_PAGE)
    : next();
