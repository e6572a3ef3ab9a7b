import { Router } from "express";
import { adminApiGuard, enrolledApiOnly } from "~/auth/guard.server";
import type { Database } from "~/db/client.server";
import { bodyRefusal, methodNotAllowed, readApiBody, sendJsonError, UNKNOWN_ENDPOINT_MESSAGE } from "~/lib/json-api.server";
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

/**
 * The JSON API (docs/api.md, decision 025): Express routes, mounted on /api/v1 in
 * server/app.ts after the pipeline's common steps (request id, log line, headers, Host
 * check, compression, same-origin check). Like React Router, Express matches paths
 * case-insensitively. Every answer is `no-store`: availability changes by the minute
 * and the rest is personal. Unexpected failures go on to the one error policy (server/errors.ts).
 */
export function apiRouter(db: Database): Router {
  const api = Router();
  api.use((_req, res, next) => {
    res.locals.db = db;
    res.set("Cache-Control", "no-store");
    next();
  });
  api.use(readApiBody);

  api.route("/slots").get(slots).all(methodNotAllowed("GET"));
  api.route("/availability").get(availability).all(methodNotAllowed("GET"));
  api.route("/appointments").post(appointmentRequest).all(methodNotAllowed("POST"));
  api.route("/contact").post(contactMessage).all(methodNotAllowed("POST"));
  api.route("/admin/login").post(logIn).all(methodNotAllowed("POST"));

  // Everything else below /admin needs a full session.
  api.use("/admin", adminApiGuard);
  api.route("/admin/logout").post(logOut).all(methodNotAllowed("POST"));
  api.route("/admin/2fa/setup").post(startSecondFactor).all(methodNotAllowed("POST"));
  api.route("/admin/2fa/enable").post(enableOwnSecondFactor).all(methodNotAllowed("POST"));

  // The board's endpoints wait until an account the owner requires it of has its second factor.
  api.use("/admin", enrolledApiOnly);
  api.route("/admin/2fa/disable").post(disableOwnSecondFactor).all(methodNotAllowed("POST"));
  api.route("/admin/2fa/policy").post(secondFactorPolicy).all(methodNotAllowed("POST"));
  api.route("/admin/users").get(team).post(addMember).all(methodNotAllowed("GET", "POST"));
  api.route("/admin/users/:id").patch(changeMember).all(methodNotAllowed("PATCH"));
  api.route("/admin/users/:id/sessions").delete(endMemberSessions).all(methodNotAllowed("DELETE"));
  api.route("/admin/sessions").get(ownSessions).all(methodNotAllowed("GET"));
  api.route("/admin/sessions/:id").delete(endOwnSession).all(methodNotAllowed("DELETE"));
  api.route("/admin/closures").get(closures).post(addOwnClosure).all(methodNotAllowed("GET", "POST"));
  api.route("/admin/closures/:id").delete(removeClosure).all(methodNotAllowed("DELETE"));
  api.route("/admin/appointments").get(appointmentList).all(methodNotAllowed("GET"));
  api.route("/admin/appointments/:id").get(appointment).delete(removeAppointment).all(methodNotAllowed("GET", "DELETE"));
  api.route("/admin/appointments/:id/note").post(internalNote).all(methodNotAllowed("POST"));
  api.route("/admin/appointments/:id/progress").post(progress).all(methodNotAllowed("POST"));
  api.route("/admin/appointments/:id/:transition").post(transition).all(methodNotAllowed("POST"));
  api.route("/admin/export.csv").get(appointmentsExport).all(methodNotAllowed("GET"));
  api.route("/admin/settings").get(boardSettings).put(changeBoardSettings).all(methodNotAllowed("GET", "PUT"));

  api.use((_req, res) => sendJsonError(res, 404, UNKNOWN_ENDPOINT_MESSAGE));
  api.use(bodyRefusal);
  return api;
}
