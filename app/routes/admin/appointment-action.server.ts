import { data, type RouterContextProvider } from "react-router";
import { stepUpRedirect } from "~/auth/guard.server";
import { type AdminActionData } from "~/components/admin/action-result";
import { appointmentOutcomes, isAppointmentIntent } from "~/components/admin/appointment-intents";
import { adminContext, databaseContext } from "~/context";
import { fail } from "~/domain/result";
import { statusOf } from "~/http-status";
import { adminMessages } from "~/messages";
import {
  type AdminActionResult,
  cancelAppointment,
  confirmAppointment,
  deleteAppointment,
  markNoShow,
  resendLastEmail,
  undoNoShow,
} from "~/services/appointment-commands.server";
import { isAppointmentId } from "~/services/appointment-queries.server";
import { selfServiceConfig } from "~/services/customer-appointment.server";

/**
 * One appointment action posted by a page (the board, the details page): `intent` and `id`, and
 * for 'cancel' the `reason`. Answers the success toast or 'Fehler' plus why, with its status.
 */
export async function appointmentAction(request: Request, context: Readonly<RouterContextProvider>, form: Record<string, string>) {
  const db = context.get(databaseContext);
  const admin = context.get(adminContext);
  const { intent, id } = form;
  if (!isAppointmentIntent(intent)) {
    return data<AdminActionData>({ ok: false, intent: "", message: adminMessages.unknownAction }, { status: 400 });
  }
  const { success, failure } = appointmentOutcomes[intent];
  let result: AdminActionResult<unknown>;
  if (!isAppointmentId(id)) {
    result = fail("notFound");
  } else if (intent === "confirm") {
    result = await confirmAppointment(db, {
      id,
      admin,
      selfCancelCutoffHours: (await selfServiceConfig(db)).cancelCutoffHours,
    });
  } else if (intent === "cancel") {
    result = await cancelAppointment(db, { id, admin, reason: form.reason });
  } else if (intent === "delete") {
    result = await deleteAppointment(db, { id, admin });
  } else if (intent === "noShow") {
    result = await markNoShow(db, { id, admin });
  } else if (intent === "undoNoShow") {
    result = await undoNoShow(db, { id, admin });
  } else {
    result = await resendLastEmail(db, id);
  }
  if (result.ok) return data<AdminActionData>({ ok: true, intent, ...success });
  // 'Löschen' more than 10 minutes after the last check of the password or a code: confirm first, then again.
  if (result.code === "stepUpRequired") throw stepUpRedirect(request);
  // A blank reason belongs to the field and re-renders the form (200, as a form page does;
  // the JSON API says 400). Everything else is 'Fehler' plus why, with its status.
  const status = statusOf(result.code);
  if (status === 400) {
    return data<AdminActionData>({ ok: false, intent, message: adminMessages[result.code], field: "reason" });
  }
  return data<AdminActionData>({ ok: false, intent, message: `${failure} ${adminMessages[result.code]}` }, { status });
}
