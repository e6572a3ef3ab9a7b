import { type MiddlewareFunction, redirect } from "react-router";
import { adminContext, databaseContext } from "~/context";
import { jsonError } from "~/lib/http.server";
import { readSession } from "./session.server";

export const loginRequiredMessage = "Bitte melden Sie sich an.";

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
 * below, data requests included. Without a valid session a page redirects to
 * the login (and back afterwards) and the JSON API answers 401; with one, the
 * account is in `adminContext`. Every answer is `no-store`.
 */
function adminGuard(onMissing: (request: Request) => Response): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const admin = await readSession(context.get(databaseContext), request, new Date());
    if (!admin) return noStore(onMissing(request));
    context.set(adminContext, admin);
    return noStore(await next());
  };
}

export const adminPagesGuard = adminGuard((request) =>
  redirect(`/admin-login?redirectTo=${encodeURIComponent(safeRedirectTarget(pagePath(request)))}`),
);

export const adminApiGuard = adminGuard(() => jsonError(401, loginRequiredMessage));
