import type { ErrorCode } from "~/domain/error-codes";
import type { Result } from "~/domain/result";
import { statusOf } from "~/http-status";
import { bookingRefusal, invalidFormMessage, unavailableDayMessage } from "~/messages";
import * as commands from "~/services/appointment-commands.server";
import {
  type BookingResult,
  type DayAvailability,
  type DaySlots,
  getAvailability as getAvailabilityResult,
  getDaySlots as getDaySlotsResult,
  requestAppointment as requestAppointmentResult,
} from "~/services/booking.server";
import type { ContactResult } from "~/services/contact.server";
import type { CustomerCancelResult } from "~/services/customer-appointment.server";

/**
 * The services' results as the edge answers them, in the words and statuses the tests were written
 * against before the services returned codes (issue 25): each view goes through the app's own
 * tables (app/http-status.ts, app/messages.ts), so a test still fails when a code, a status or a
 * German text changes.
 */

/** A booking: created with its id, or the refusal's code ("invalid" for bad fields and closed slots) with its words. */
export function bookingView(result: BookingResult) {
  if (result.ok) return { kind: "created" as const, id: result.value.id };
  switch (result.code) {
    case "honeypot":
    case "slot-taken":
    case "courtesy-car-taken":
    case "pickups-full":
      return { kind: result.code };
    case "too-many-open":
      return { kind: result.code, limit: result.limit };
    case "rate-limited":
      return { kind: result.code, retryAfterSeconds: result.retryAfterSeconds, error: bookingRefusal(result).error };
    case "invalid":
    case "slot-unavailable":
      return { kind: "invalid" as const, ...bookingRefusal(result), missingRequired: result.code === "invalid" && result.missingRequired };
  }
}

/** A contact message: sent with its id, or the refusal with its words. */
export function contactView(result: ContactResult) {
  if (result.ok) return { kind: "sent" as const, id: result.value.id };
  switch (result.code) {
    case "honeypot":
      return { kind: result.code };
    case "rate-limited":
      return { kind: result.code, retryAfterSeconds: result.retryAfterSeconds };
    case "invalid":
      return {
        kind: result.code,
        error: invalidFormMessage(result.missingRequired),
        fields: result.fields,
        missingRequired: result.missingRequired,
      };
  }
}

/** The customer's cancel: cancelled with the appointment, or the refusal's code with what it carries. */
export function cancelView(result: CustomerCancelResult) {
  if (result.ok) return { kind: "cancelled" as const, appointment: result.value };
  const { ok: _ok, code, ...facts } = result;
  return { kind: code, ...facts };
}

/** What a command's view shows: ok with the new status or the progress, or refused with its HTTP status and code. */
type CommandView<C> = { ok: boolean; status?: string | number; code?: C; progress?: string; changed?: boolean; emailQueued?: boolean };

/** A command on an appointment: ok with the new status or progress (if any), or refused with its HTTP status and code. */
export function commandView<C extends ErrorCode>(
  result: Result<{ status: string } | { progress: string; changed: boolean; emailQueued: boolean } | undefined, C>,
): CommandView<C> {
  if (!result.ok) return { ok: false, status: statusOf(result.code), code: result.code };
  const value = result.value;
  if (value && "progress" in value) return { ok: true, ...value };
  return value ? { ok: true, status: value.status } : { ok: true };
}

/** A day of the slots or the calendar with its reason in words, as the JSON API answers it. */
export function wordedDay(day: DaySlots) {
  return day.open ? day : { ...day, reason: unavailableDayMessage(day.reason) };
}

/** The calendar's days with their reasons in words, as the JSON API answers them. */
export function wordedDays(days: DayAvailability[]) {
  return days.map((day) => (day.reason ? { ...day, reason: unavailableDayMessage(day.reason) } : day));
}

/** The booking service's calls as the booking tests read them: the worded views of their results. */
export const getAvailability = async (...args: Parameters<typeof getAvailabilityResult>) =>
  wordedDays(await getAvailabilityResult(...args));
export const getDaySlots = async (...args: Parameters<typeof getDaySlotsResult>) => wordedDay(await getDaySlotsResult(...args));
export const requestAppointment = async (...args: Parameters<typeof requestAppointmentResult>) =>
  bookingView(await requestAppointmentResult(...args));

/** The board's commands as the edge answers them: status and code (commandView). */
export const boardCommands = {
  cancelAppointment: async (...args: Parameters<typeof commands.cancelAppointment>) =>
    commandView(await commands.cancelAppointment(...args)),
  confirmAppointment: async (...args: Parameters<typeof commands.confirmAppointment>) =>
    commandView(await commands.confirmAppointment(...args)),
  deleteAppointment: async (...args: Parameters<typeof commands.deleteAppointment>) =>
    commandView(await commands.deleteAppointment(...args)),
  deleteAppointmentReminder: async (...args: Parameters<typeof commands.deleteAppointmentReminder>) =>
    commandView(await commands.deleteAppointmentReminder(...args)),
  resendLastEmail: async (...args: Parameters<typeof commands.resendLastEmail>) => commandView(await commands.resendLastEmail(...args)),
  saveInternalNote: async (...args: Parameters<typeof commands.saveInternalNote>) => commandView(await commands.saveInternalNote(...args)),
  setAppointmentProgress: async (...args: Parameters<typeof commands.setAppointmentProgress>) =>
    commandView(await commands.setAppointmentProgress(...args)),
};
