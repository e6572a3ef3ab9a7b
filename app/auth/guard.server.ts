import { type MiddlewareFunction, redirect } from "react-router";
import { adminContext, databaseContext, enrolmentContext } from "~/context";
import { jsonError } from "~/lib/http.server";
import { loginMessages } from "~/messages";
import { readSession } from "./session.server";

export const loginRequiredMessage = "Bitte melden Sie sich an.";

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

/** Nothing of the admin area may be kept by a browser or a proxy: not the board, not the login form. */
function noStore(response: Response): Response {
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** For the admin routes that need no session (login, first setup): only `no-store`. */
export const adminArea: MiddlewareFunction<Response> = async (_args, next) => noStore(await next());

/**
 * The one check behind every admin page and admin API, as middleware on their
 * layout routes (app/routes.ts), so that it runs for every loader and action
 * below, data requests included. Without a full session (none, expired, or
 * one still waiting for the login's code) a page redirects to the login (and
 * back afterwards) and the JSON API answers 401; with one, the account is in
 * `adminContext` and whether it must first set up its second factor in
 * `enrolmentContext`. Every answer is `no-store`.
 */
function adminGuard(onMissing: (request: Request) => Response): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const session = await readSession(context.get(databaseContext), request, new Date());
    if (!session || session.stage !== "active") return noStore(onMissing(request));
    context.set(adminContext, session.admin);
    context.set(enrolmentContext, session.mustEnrol);
    return noStore(await next());
  };
}

/**
 * When the owner requires the second factor, an account without it may only
 * reach the routes outside the layouts that carry this middleware: the
 * 'Sicherheit' page, the enrolment endpoints and the logout.
 */
function enrolledOnly(onMissing: () => Response): MiddlewareFunction<Response> {
  return async ({ context }, next) => (context.get(enrolmentContext) ? onMissing() : next());
}

export const enrolledPagesOnly = enrolledOnly(() => redirect(SECURITY_PAGE));

export const enrolledApiOnly = enrolledOnly(() => jsonError(403, loginMessages.enrolmentRequired, { enrolmentRequired: true }));

export const adminPagesGuard = adminGuard((request) =>
  redirect(`/admin-login?redirectTo=${encodeURIComponent(safeRedirectTarget(pagePath(request)))}`),
);

export const adminApiGuard = adminGuard(() => jsonError(401, loginRequiredMessage));
