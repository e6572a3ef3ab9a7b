import { type AppLoadContext, redirect } from "react-router";
import { jsonError } from "~/lib/http.server";
import { type AdminIdentity, readSession } from "./session.server";

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

/**
 * The one check behind every admin page and admin API: a page without a
 * valid session redirects to the login (and back afterwards), an API answers
 * 401. Throws; returns the logged-in admin otherwise.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminIdentity> {
  const admin = await readSession(context.db, request, new Date());
  if (admin) return admin;
  if (new URL(request.url).pathname.startsWith("/api/")) {
    throw jsonError(401, loginRequiredMessage);
  }
  throw redirect(`/admin-login?redirectTo=${encodeURIComponent(safeRedirectTarget(pagePath(request)))}`);
}

type HandlerArgs = { request: Request; context: AppLoadContext };

/**
 * Wraps an admin loader or action. React Router runs an action without its
 * parent loaders, and a data request may ask for a single route's loader, so
 * the layout alone cannot protect its children: every handler goes through this.
 */
export function adminOnly<Args extends HandlerArgs, Result>(
  handler: (args: Args, admin: AdminIdentity) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => handler(args, await requireAdmin(args.request, args.context));
}
