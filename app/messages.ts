import { passwordMessages } from "~/auth/password-policy";
import type {
  AccountErrorCode,
  AdminErrorCode,
  ExportErrorCode,
  SecondFactorErrorCode,
  SettingsErrorCode,
  TeamErrorCode,
} from "~/domain/error-codes";
import { CONTACT_RATE_LIMITED_MESSAGE } from "~/schemas/contact-fields";
import type { AppointmentStatus, ProgressState } from "~/domain/appointment";

/**
 * German wording of results and errors, in one place at the edge: services
 * answer with codes (app/domain/error-codes.ts), routes and components say
 * them in German with these texts. Not server-only: the browser shows the
 * failure texts itself when an action never reached the server.
 */

/** The admin board's answers; the error entries are keyed by AdminErrorCode. */
export const adminMessages = {
  confirmed: { title: "Termin bestätigt", description: "Der Termin wurde bestätigt und eine Bestätigungs-Email wurde versendet." },
  cancelled: { title: "Termin storniert", description: "Der Termin wurde storniert und eine Absage-Email wurde versendet." },
  deleted: { title: "Termin gelöscht", description: "Der Termin wurde erfolgreich gelöscht." },
  resent: { title: "E-Mail wird erneut gesendet", description: "Die E-Mail wurde wieder in die Warteschlange gestellt." },
  confirmFailed: "Termin konnte nicht bestätigt werden.",
  cancelFailed: "Termin konnte nicht storniert werden.",
  deleteFailed: "Termin konnte nicht gelöscht werden.",
  resendFailed: "Die E-Mail konnte nicht erneut gesendet werden.",
  reasonRequired: "Bitte geben Sie einen Stornierungsgrund an.",
  reasonTooLong: "Der Stornierungsgrund darf höchstens 1000 Zeichen lang sein.",
  notFound: "Der Termin existiert nicht (mehr).",
  conflict: "Der Termin wurde inzwischen bereits von jemand anderem bearbeitet.",
  slotFull:
    "Dieser Termin ist bereits vergeben: Zu dieser Uhrzeit sind schon so viele Termine bestätigt, wie die Werkstatt annehmen kann. Bitte vereinbaren Sie mit dem Kunden eine andere Uhrzeit oder stornieren Sie die Anfrage.",
  unknownAction: "Unbekannte Aktion.",
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf Termine löschen.",
  noteTooLong: "Die interne Notiz darf höchstens 2000 Zeichen lang sein.",
  noteSaved: { title: "Notiz gespeichert", description: "Die interne Notiz wurde gespeichert." },
  noteFailed: "Die Notiz konnte nicht gespeichert werden.",
  notConfirmed: "Der Fortschritt kann nur bei bestätigten Terminen gesetzt werden.",
  invalidProgress: "Bitte geben Sie „progress“ als arrived, in_progress oder ready an.",
  progressSaved: "Der Fortschritt wurde gespeichert.",
  progressReadyEmail: "Der Fortschritt wurde gespeichert; die Kundin oder der Kunde bekommt eine E-Mail.",
  progressFailed: "Der Fortschritt konnte nicht gespeichert werden.",
} as const satisfies Record<AdminErrorCode, string> & Record<string, unknown>;

/** Admin accounts (setup page, CLI, first start); password problems in the policy's own words. */
export const accountMessages = {
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  exists: "Ein Konto mit dieser E-Mail-Adresse existiert bereits.",
  unknown: "Es gibt kein Konto mit dieser E-Mail-Adresse.",
  setupInvalid: "Der Einrichtungslink ist ungültig, abgelaufen oder wurde bereits verwendet.",
  setupDone: "Es gibt bereits ein Admin-Konto. Bitte melden Sie sich an.",
  tooShort: passwordMessages.tooShort,
  tooLong: passwordMessages.tooLong,
  common: passwordMessages.common,
} as const satisfies Record<AccountErrorCode, string>;

/** The admin login (form and JSON API) and the second factor. */
export const loginMessages = {
  missingCredentials: "Bitte geben Sie E-Mail-Adresse und Passwort ein.",
  wrongPassword: "Falsches Passwort",
  ipBlocked: "Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.",
  accountBusy: (seconds: number) =>
    `Zu viele Anmeldeversuche für dieses Konto. Bitte warten Sie ${seconds === 1 ? "eine Sekunde" : `${seconds} Sekunden`} und versuchen Sie es dann erneut.`,
  codeRequired: "Bitte geben Sie den Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.",
  wrongCode: "Der Code ist ungültig oder wurde bereits verwendet.",
  codeStepExpired: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
  throttled: (limit: "ip" | "account", seconds: number) => (limit === "ip" ? loginMessages.ipBlocked : loginMessages.accountBusy(seconds)),
  enrolmentRequired: "Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein (Seite „Sicherheit“).",
} as const;

/** The 'Sicherheit' page and the second factor's JSON API. */
export const secondFactorMessages = {
  alreadyEnabled: "Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.",
  notStarted: "Bitte starten Sie die Einrichtung zuerst neu.",
  notEnabled: "Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.",
  wrongPasswordOrCode: "Passwort oder Code ist falsch.",
  required: "Die Zwei-Faktor-Anmeldung ist für alle Konten vorgeschrieben und kann nicht ausgeschaltet werden.",
  ownerOnly: "Nur der Inhaber oder die Inhaberin kann das ändern.",
  enabled: "Die Zwei-Faktor-Anmeldung ist eingeschaltet.",
  disabled: "Die Zwei-Faktor-Anmeldung ist ausgeschaltet.",
  policyOn: "Die Zwei-Faktor-Anmeldung ist jetzt für alle Konten vorgeschrieben.",
  policyOff: "Die Zwei-Faktor-Anmeldung ist nicht mehr vorgeschrieben.",
  policyInvalid: "Bitte geben Sie „required“ als true oder false an.",
} as const satisfies Record<SecondFactorErrorCode, string> & Record<string, string>;

/** The 'Team' page and /api/v1/admin/users; password problems in the policy's own words. */
export const teamMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf das.",
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  invalidName: "Bitte geben Sie einen Namen mit höchstens 100 Zeichen an.",
  exists: "Ein Konto mit dieser E-Mail-Adresse existiert bereits.",
  notFound: "Dieses Konto gibt es nicht.",
  lastOwner: "Das letzte aktive Inhaber-Konto kann weder deaktiviert noch zur Mitarbeiterin oder zum Mitarbeiter gemacht werden.",
  invitationInvalid: "Der Einladungslink ist ungültig, abgelaufen oder wurde bereits verwendet.",
  tooShort: passwordMessages.tooShort,
  tooLong: passwordMessages.tooLong,
  common: passwordMessages.common,
  created: "Das Konto wurde angelegt.",
  invited: "Das Konto wurde angelegt und die Einladung per E-Mail verschickt.",
  updated: "Das Konto wurde geändert.",
  sessionsEnded: "Alle Sitzungen dieses Kontos wurden beendet.",
  sessionEnded: "Die Sitzung wurde beendet.",
  sessionNotFound: "Diese Sitzung gibt es nicht (mehr).",
  memberInvalid: "Bitte geben Sie E-Mail-Adresse, Name und Rolle (owner oder staff) an.",
  changeInvalid: "Erlaubt sind „role“ (owner oder staff) und „active“ (true oder false).",
} as const satisfies Record<TeamErrorCode, string> & Record<string, string>;

/** The board's settings (the 'Team' page and /api/v1/admin/settings), keyed by SettingsErrorCode. */
export const settingsMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf das.",
  invalid: "Bitte geben Sie „readyEmail“ als true oder false an.",
  readyEmailOn: "Die E-Mail bei „Abholbereit“ wird gesendet.",
  readyEmailOff: "Die E-Mail bei „Abholbereit“ wird nicht mehr gesendet.",
} as const satisfies Record<SettingsErrorCode, string> & Record<string, string>;

/** The owner's CSV export (GET /api/v1/admin/export.csv), keyed by ExportErrorCode. */
export const exportMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf Termine exportieren.",
  invalidDates: "Bitte geben Sie from und to als gültige Daten im Format JJJJ-MM-TT an (from ≤ to).",
  invalidStatus: "Unbekannter Status. Erlaubt: alle, beantragt, bestätigt, storniert.",
} as const satisfies Record<ExportErrorCode, string>;

/**
 * The booking form's refusals, keyed by the result kind of requestAppointment
 * (app/services/booking.server.ts); field errors come from app/schemas.
 */
export const bookingMessages = {
  "slot-taken": "Dieser Termin ist leider nicht mehr frei. Bitte wählen Sie eine andere Uhrzeit oder einen anderen Tag.",
  "pickups-full":
    "An diesem Tag ist unser Hol- und Bringservice leider schon ausgebucht. Bitte wählen Sie einen anderen Tag oder bringen Sie Ihr Auto selbst zu uns.",
  "rate-limited": "Sie haben in kurzer Zeit zu viele Terminanfragen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
  /** `limit` open requests per e-mail address are allowed (site.booking.maxOpenRequestsPerEmail). */
  "too-many-open": (limit: number) => {
    const requests = limit === 1 ? "eine Terminanfrage" : `${limit} Terminanfragen`;
    return `Für diese E-Mail-Adresse ${limit === 1 ? "ist" : "sind"} bereits ${requests} offen. Bitte warten Sie auf unsere Rückmeldung oder rufen Sie uns an.`;
  },
} as const;

/** The contact forms' refusals, keyed by the result kind of sendContactMessage; the form's toasts share the text. */
export const contactFormMessages = {
  "rate-limited": CONTACT_RATE_LIMITED_MESSAGE,
} as const;

/** The owner's 'Schließtage' (board page and /api/v1/admin/closures). */
export const closureMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf Schließtage verwalten.",
  notFound: "Diesen Schließtag gibt es nicht (mehr).",
  invalid: "Bitte überprüfen Sie Ihre Eingaben.",
  from: "Bitte geben Sie das erste Datum im Format JJJJ-MM-TT an.",
  to: "Bitte geben Sie das letzte Datum im Format JJJJ-MM-TT an.",
  range: "Das letzte Datum darf nicht vor dem ersten liegen.",
  name: "Bitte geben Sie eine Bezeichnung mit 1 bis 100 Zeichen an (z. B. „Betriebsurlaub“).",
  startTime: "Bitte geben Sie die Uhrzeit als HH:MM zur vollen oder halben Stunde an, oder lassen Sie das Feld leer (ganzer Tag).",
  added: "Der Schließtag wurde eingetragen.",
  deleted: "Der Schließtag wurde gelöscht.",
  /** After 'Alle stornieren': how many were cancelled, and how many had changed meanwhile. */
  cancelled: (cancelled: number, skipped: number) =>
    `${cancelled === 1 ? "Ein Termin wurde" : `${cancelled} Termine wurden`} storniert; die Kundinnen und Kunden bekommen die Absage per E-Mail.` +
    (skipped > 0 ? ` ${skipped === 1 ? "Ein Termin war" : `${skipped} Termine waren`} inzwischen schon storniert oder gelöscht.` : ""),
} as const;

/** Where a confirmed appointment's car is (issue 16): the board's buttons and the customer's page. */
export const progressLabels = {
  arrived: "Fahrzeug angekommen",
  in_progress: "In Arbeit",
  ready: "Abholbereit",
} as const satisfies Record<ProgressState, string>;

/** The customer's personal page (/termin/<token>) and its 'Termin absagen' form (issue 16). */
export const customerPageMessages = {
  statusLabels: {
    beantragt: "Angefragt – noch nicht bestätigt",
    bestätigt: "Bestätigt",
    storniert: "Storniert",
  } satisfies Record<AppointmentStatus, string>,
  cancelled: "Ihr Termin wurde abgesagt. Sie erhalten eine Bestätigung per E-Mail.",
  "already-cancelled": "Dieser Termin ist bereits storniert.",
  /** After the cutoff: call instead (`hours` before the start, the workshop's phone). */
  "too-late": (hours: number, phone: string) =>
    `Eine Absage über diese Seite ist nur bis ${formatHours(hours)} vor dem Termin möglich. Bitte rufen Sie uns an: ${phone}.`,
  "reason-too-long": (max: number) => `Bitte fassen Sie den Grund in höchstens ${max} Zeichen.`,
  "rate-limited": "Sie haben in kurzer Zeit zu viele Anfragen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
} as const;

/** 24 → "24 Stunden", 1 → "1 Stunde", 2.5 → "2,5 Stunden". */
function formatHours(hours: number): string {
  return `${hours.toLocaleString("de-AT")} ${hours === 1 ? "Stunde" : "Stunden"}`;
}
