import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { RequestBodyError } from "~/lib/http.server";
import type { ServerEnv } from "../env";
import { account, enrolment, login } from "./account";
import { jsonError, methodNotAllowed, UNKNOWN_ENDPOINT_MESSAGE } from "./answers";
import { appointments } from "./appointments";
import { backups } from "./backups";
import { booking } from "./booking";
import { closures } from "./closures";
import { contact } from "./contact";
import { appointmentsExport } from "./export";
import { findingsApi, photosApi } from "./findings";
import { adminApiGuard, enrolledApiOnly } from "./guard";
import { passkeyEnrolment, passkeyLogin, passkeys } from "./passkeys";
import { passwordChange, passwordReset } from "./password";
import { resources } from "./resources";
import { settings } from "./settings";
import { team } from "./team";
import { waitlist } from "./waitlist";
import { workshop } from "./workshop";

/**
 * The JSON API (docs/api.md, decision 027): one Hono sub-app per resource, mounted on /api/v1 in
 * server/app.ts after the pipeline's common steps (request id, log line, headers, Host check,
 * compression, same-origin check). Routes are matched in the order they are mounted here, so the
 * admin guard and the enrolment gate cover exactly what is mounted after them. Every answer is
 * `no-store`: availability changes by the minute and the rest is personal. Unexpected failures go
 * on to the one error policy (server/errors.ts).
 */
export const jsonApi = new Hono<ServerEnv>();

jsonApi.use(async (c, next) => {
  // Set first: every answer built with the context carries it; the error policy's answers set it themselves.
  c.header("Cache-Control", "no-store");
  await next();
});

jsonApi.route("/", booking);
jsonApi.route("/", contact);
jsonApi.route("/", waitlist);
jsonApi.route("/admin", login);
jsonApi.route("/admin", passkeyLogin);
// 'Passwort vergessen?': nobody is logged in yet.
jsonApi.route("/admin", passwordReset);

// Everything else below /admin needs a full session.
jsonApi.use("/admin/*", adminApiGuard);
jsonApi.route("/admin", enrolment);
// Like the 'Sicherheit' page it belongs to: also before the second factor is set up.
jsonApi.route("/admin", passwordChange);
// Adding a passkey sets up a second factor, as the app's code does.
jsonApi.route("/admin", passkeyEnrolment);

// The board's endpoints wait until an account the owner requires it of has its second factor.
jsonApi.use("/admin/*", enrolledApiOnly);
jsonApi.route("/admin", account);
jsonApi.route("/admin", passkeys);
jsonApi.route("/admin/users", team);
jsonApi.route("/admin/closures", closures);
jsonApi.route("/admin/resources", resources);
// Before the appointments' own routes: their `/:id/:transition` would take `/:id/findings`.
jsonApi.route("/admin/appointments", findingsApi);
jsonApi.route("/admin/appointments", appointments);
jsonApi.route("/admin/photos", photosApi);
jsonApi.route("/admin/export.csv", appointmentsExport);
jsonApi.route("/admin/settings", settings);
jsonApi.route("/admin/backups", backups);
jsonApi.route("/admin/workshop", workshop);

// Any other method on an endpoint's path: 405 with the path's methods in `Allow`.
for (const [path, methods] of endpointMethods(jsonApi)) jsonApi.all(path, methodNotAllowed(...methods));
jsonApi.all("*", (c) => jsonError(c, 404, UNKNOWN_ENDPOINT_MESSAGE));

// A body the API refused, in its German JSON; anything else goes on to the error policy (server/errors.ts).
jsonApi.onError((error, c) => {
  if (!(error instanceof RequestBodyError)) throw error;
  return jsonError(c, error.status as ContentfulStatusCode, error.message);
});

/** Each endpoint's path with the methods registered on it, as the sub-apps declare them (middleware aside). */
function endpointMethods(api: Hono<ServerEnv>): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const { method, path } of api.routes) {
    if (method === "ALL") continue;
    paths.set(path, [...(paths.get(path) ?? []), method]);
  }
  return paths;
}
