import type { ShouldRevalidateFunction } from "react-router";
import { adminMessages } from "~/messages";
import { type AdminActionData, failureData, unanswered } from "./action-result";

/**
 * The appointment actions of the list's rows and cards, its dialogs and the details page
 * (Bestätigen, Stornieren, Löschen, Erneut senden, Nicht erschienen): each page that shows them answers them alike.
 */
export const appointmentOutcomes = {
  confirm: { success: adminMessages.confirmed, failure: adminMessages.confirmFailed },
  cancel: { success: adminMessages.cancelled, failure: adminMessages.cancelFailed },
  delete: { success: adminMessages.deleted, failure: adminMessages.deleteFailed },
  resend: { success: adminMessages.resent, failure: adminMessages.resendFailed },
  // 'Nicht erschienen' and its undo (issue 28).
  noShow: { success: adminMessages.noShowSaved, failure: adminMessages.noShowFailed },
  undoNoShow: { success: adminMessages.noShowUndone, failure: adminMessages.noShowUndoFailed },
} as const;

export type AppointmentIntent = keyof typeof appointmentOutcomes;

export function isAppointmentIntent(value: unknown): value is AppointmentIntent {
  return typeof value === "string" && Object.hasOwn(appointmentOutcomes, value);
}

/** In the browser, when the server gave no usable answer: 'Fehler' and what failed (answerOrFailure). */
export function appointmentFailure(intent: unknown): AdminActionData {
  return isAppointmentIntent(intent)
    ? failureData(intent, appointmentOutcomes[intent].failure)
    : failureData("", adminMessages.unknownAction);
}

/**
 * After a 404 or 409 (someone else was faster) reload the page too, so it shows the truth;
 * after an action that never reached the server (connection dropped) nothing changed.
 */
export const revalidateAfterAppointmentAction: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) =>
  unanswered(actionResult) ? false : actionStatus === 404 || actionStatus === 409 ? true : defaultShouldRevalidate;
