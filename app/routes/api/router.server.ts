import { Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { adminApiGuard, enrolledApiOnly } from "~/auth/guard.server";
import type { ServerEnv } from "~/context";
import type { Database } from "~/db/client.server";
import { RequestBodyError } from "~/lib/http.server";
import { type ApiContext, jsonError, methodNotAllowed, readApiBody, UNKNOWN_ENDPOINT_MESSAGE } from "~/lib/json-api.server";
import {
  disableOwnSecondFactor,
  enableOwnSecondFactor,
  endOwnSession,
  logIn,
  logOut,
  ownSessions,
  secondFactorPolicy,
  startSecondFactor,
} from "./admin/account";
import { appointment, appointmentList, internalNote, progress, removeAppointment, transition } from "./admin/appointments";
import { addOwnClosure, closures, removeClosure } from "./admin/closures";
import { appointmentsExport, boardSettings, changeBoardSettings } from "./admin/settings";
import { addMember, changeMember, endMemberSessions, team } from "./admin/team";
import { appointmentRequest, availability, slots } from "./booking";
import { contactMessage } from "./contact";

type Handler = (c: ApiContext) => Promise<Response>;
type Methods = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>;

/**
 * The JSON API (docs/api.md, decisions 025 and 026): Hono routes, mounted on /api/v1 in
 * server/app.ts after the pipeline's common steps (request id, log line, headers, Host
 * check, compression, same-origin check). Every answer is `no-store`: availability
 * changes by the minute and the rest is personal. Unexpected failures go on to the one
 * error policy (server/errors.ts).
 */
export function apiRouter(db: Database): Hono<ServerEnv> {
  const api = new Hono<ServerEnv>();
  /** One path's handlers; any other method there is a 405 with `Allow`. */
  const endpoint = (path: string, methods: Methods) => {
    for (const [method, handler] of Object.entries(methods)) api.on(method, path, handler);
    api.all(path, methodNotAllowed(...Object.keys(methods)));
  };
  const below = (middleware: MiddlewareHandler<ServerEnv>) => api.use("/admin/*", middleware);

  api.use(async (c, next) => {
    c.set("db", db);
    // Set first: every answer built with the context carries it; the error policy's answers set it themselves.
    c.header("Cache-Control", "no-store");
    await next();
  });
  api.use(readApiBody);

  endpoint("/slots", { GET: slots });
  endpoint("/availability", { GET: availability });
  endpoint("/appointments", { POST: appointmentRequest });
  endpoint("/contact", { POST: contactMessage });
  endpoint("/admin/login", { POST: logIn });

  // Everything else below /admin needs a full session.
  below(adminApiGuard);
  endpoint("/admin/logout", { POST: logOut });
  endpoint("/admin/2fa/setup", { POST: startSecondFactor });
  endpoint("/admin/2fa/enable", { POST: enableOwnSecondFactor });

  // The board's endpoints wait until an account the owner requires it of has its second factor.
  below(enrolledApiOnly);
  endpoint("/admin/2fa/disable", { POST: disableOwnSecondFactor });
  endpoint("/admin/2fa/policy", { POST: secondFactorPolicy });
  endpoint("/admin/users", { GET: team, POST: addMember });
  endpoint("/admin/users/:id", { PATCH: changeMember });
  endpoint("/admin/users/:id/sessions", { DELETE: endMemberSessions });
  endpoint("/admin/sessions", { GET: ownSessions });
  endpoint("/admin/sessions/:id", { DELETE: endOwnSession });
  endpoint("/admin/closures", { GET: closures, POST: addOwnClosure });
  endpoint("/admin/closures/:id", { DELETE: removeClosure });
  endpoint("/admin/appointments", { GET: appointmentList });
  endpoint("/admin/appointments/:id", { GET: appointment, DELETE: removeAppointment });
  endpoint("/admin/appointments/:id/note", { POST: internalNote });
  endpoint("/admin/appointments/:id/progress", { POST: progress });
  endpoint("/admin/appointments/:id/:transition", { POST: transition });
  endpoint("/admin/export.csv", { GET: appointmentsExport });
  endpoint("/admin/settings", { GET: boardSettings, PUT: changeBoardSettings });

  api.all("*", (c) => jsonError(c, 404, UNKNOWN_ENDPOINT_MESSAGE));
  // A body the API refused, in its German JSON; anything else goes on to the error policy (server/errors.ts).
  api.onError((error, c) => {
    if (!(error instanceof RequestBodyError)) throw error;
    return jsonError(c, error.status as ContentfulStatusCode, error.message);
  });
  return api;
}
