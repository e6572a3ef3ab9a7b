import type { Weekday } from "~/config/site";
import { MAX_ABSENCE_DAYS } from "~/domain/absences";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/admin";
import type { AppointmentSource, AppointmentStatus, ProgressState } from "~/domain/appointment";
import { parseCalendarDate } from "~/domain/calendar-date";
import type {
  AccountErrorCode,
  AdminErrorCode,
  BackupErrorCode,
  BookingErrorCode,
  ExportErrorCode,
  ExportFilterErrorCode,
  HoldErrorCode,
  MoveErrorCode,
  PasskeyErrorCode,
  PasswordErrorCode,
  PasswordProblem,
  PasswordWarning,
  SecondFactorErrorCode,
  SettingsErrorCode,
  TeamErrorCode,
  WorkshopErrorCode,
} from "~/domain/error-codes";
import type { ClosedRow } from "~/domain/planner";
import type { ResourceKind, ResourceSetProblem } from "~/domain/resources";
import type { FailureOf } from "~/domain/result";
import type { SlotField, SlotProblem, UnavailableDay } from "~/domain/slots";
import { isViennaArea, postalCodeRuns } from "~/domain/vehicle";
import type { ExampleField, WorkshopService } from "~/domain/workshop";

/**
 * German wording of results and errors, in one place at the edge: services
 * answer with codes (app/domain/error-codes.ts), routes, the JSON API,
 * components and e-mails say them in German with these texts; the HTTP status
 * of each code is app/http-status.ts. Not server-only: the browser shows the
 * failure texts itself when an action never reached the server. Imports only
 * types and pure helpers, nothing from app/schemas (which use these texts).
 */

/**
 * What the strength estimate found first in a weak password (PasswordWarning, zxcvbn's keys), as the
 * hint's middle sentence; `userInputs`: what is left without the workshop's and the account's words.
 */
const passwordWarningMessages = {
  straightRow: "Es enthält eine Tastaturreihe wie „qwertz“.",
  keyPattern: "Es enthält ein Muster auf der Tastatur.",
  simpleRepeat: "Es wiederholt ein Zeichen wie in „aaa“.",
  extendedRepeat: "Es wiederholt eine Zeichenfolge wie in „abcabc“.",
  sequences: "Es enthält eine Folge wie „abc“ oder „1234“.",
  recentYears: "Es enthält eine Jahreszahl.",
  dates: "Es enthält ein Datum.",
  topTen: "Es gehört zu den zehn häufigsten Passwörtern.",
  topHundred: "Es gehört zu den hundert häufigsten Passwörtern.",
  common: "Es steht auf den Listen gestohlener Passwörter.",
  similarToCommon: "Es ähnelt einem häufigen Passwort.",
  wordByItself: "Es besteht nur aus einem Wort.",
  namesByThemselves: "Es besteht nur aus einem Namen.",
  commonNames: "Es enthält einen häufigen Vor- oder Nachnamen.",
  userInputs: "Ohne die Angaben der Werkstatt und Ihres Kontos (Name, Anschrift, E-Mail-Adresse) bleibt zu wenig übrig.",
} as const satisfies Record<PasswordWarning, string>;

const tooEasyToGuess = "Dieses Passwort ist zu leicht zu erraten";
const strongerPasswordAdvice = "Nehmen Sie besser drei, vier ungewöhnliche Wörter oder einen Satz.";

/** The rules of a new password (app/auth/password-policy.server.ts), keyed by PasswordProblem; `mismatch` for the repeated field. */
export const passwordMessages = {
  tooShort: `Das Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`,
  tooLong: `Das Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen lang sein.`,
  common: "Dieses Passwort ist zu häufig und leicht zu erraten. Bitte wählen Sie ein anderes.",
  // Plain text, not a call: the browser's bundle (which has these words) then leaves the warnings out.
  weak: `${tooEasyToGuess}. ${strongerPasswordAdvice}`,
  mismatch: "Die Passwörter stimmen nicht überein.",
} as const satisfies Record<PasswordProblem, string> & Record<string, string>;

/**
 * A refusal's words from its code's table; a weak password's refusal (PasswordRefusal, the only
 * one with a `warning`) also says what made it guessable.
 */
export function refusalMessage<C extends string>(refusal: { code: C; warning?: PasswordWarning }, messages: Record<C, string>): string {
  if (!refusal.warning) return messages[refusal.code];
  return `${tooEasyToGuess}: ${passwordWarningMessages[refusal.warning]} ${strongerPasswordAdvice}`;
}

/** Every admin page and API address without a full session (app/auth/guard.server.ts). */
export const loginRequiredMessage = "Bitte melden Sie sich an.";

/** The public forms' summary line above the fields' own messages (app/schemas). */
export const formMessages = {
  missingFields: "Bitte füllen Sie alle Pflichtfelder aus.",
  invalidFields: "Bitte überprüfen Sie Ihre Eingaben.",
} as const;

/** The summary of a form's bad fields: whether a required one is missing. */
export function invalidFormMessage(missingRequired: boolean): string {
  return missingRequired ? formMessages.missingFields : formMessages.invalidFields;
}

/** A login's rough place (app/lib/rough-place.server.ts) in words: "Wien", "Österreich", "lokales Netz …", or null. */
export function placeName(place: "local" | { city: "Wien" } | { country: string } | null): string | null {
  if (place === null) return null;
  if (place === "local") return "lokales Netz (z. B. die Werkstatt)";
  if ("city" in place) return place.city;
  return new Intl.DisplayNames(["de"], { type: "region" }).of(place.country) ?? place.country;
}

/**
 * A sensitive owner action (app/domain/access.ts) after more than 10 minutes without a check of the
 * password or a second factor: the API's 401 `{stepUp: true}` and the confirmation page say this.
 */
export const stepUpMessages = {
  stepUpRequired:
    "Bitte bestätigen Sie diese Aktion mit Ihrem Passwort oder einem Code: die letzte Bestätigung ist mehr als 10 Minuten her.",
  pageTitle: "Identität bestätigen",
  pageIntro:
    "Für das Löschen, den Export, das Team, die Einstellungen und Schließtage, die Termine stornieren, bestätigen Sie bitte alle 10 Minuten, dass Sie es sind.",
  wrong: "Passwort oder Code ist falsch.",
  missing: "Bitte geben Sie Ihr Passwort oder einen Code ein.",
  confirmed: { title: "Bestätigt", description: "Bitte führen Sie die Aktion jetzt erneut aus." },
  passwordLabel: "Passwort",
  codeLabel: "Oder: Code aus der Authenticator-App",
  submit: "Bestätigen",
} as const;

/** The admin board's answers; the error entries are keyed by AdminErrorCode. */
export const adminMessages = {
  confirmed: { title: "Termin bestätigt", description: "Der Termin wurde bestätigt und eine Bestätigungs-Email wurde versendet." },
  cancelled: { title: "Termin storniert", description: "Der Termin wurde storniert und eine Absage-Email wurde versendet." },
  deleted: { title: "Termin gelöscht", description: "Der Termin wurde erfolgreich gelöscht." },
  loggedIn: { title: "Erfolgreich angemeldet", description: "Willkommen im Admin-Bereich" },
  resent: { title: "E-Mail wird erneut gesendet", description: "Die E-Mail wurde wieder in die Warteschlange gestellt." },
  confirmFailed: "Termin konnte nicht bestätigt werden.",
  cancelFailed: "Termin konnte nicht storniert werden.",
  deleteFailed: "Termin konnte nicht gelöscht werden.",
  resendFailed: "Die E-Mail konnte nicht erneut gesendet werden.",
  emailNotFound: "Die E-Mail konnte nicht erneut gesendet werden.",
  reasonRequired: "Bitte geben Sie einen Stornierungsgrund an.",
  reasonTooLong: "Der Stornierungsgrund darf höchstens 1000 Zeichen lang sein.",
  notFound: "Der Termin existiert nicht (mehr).",
  conflict: "Der Termin wurde inzwischen bereits von jemand anderem bearbeitet.",
  slotFull:
    "Dieser Termin ist bereits vergeben: Zu dieser Uhrzeit sind schon so viele Termine bestätigt, wie die Werkstatt annehmen kann. Bitte vereinbaren Sie mit dem Kunden eine andere Uhrzeit oder stornieren Sie die Anfrage.",
  unknownAction: "Unbekannte Aktion.",
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf Termine löschen.",
  noteTooLong: "Die interne Notiz darf höchstens 2000 Zeichen lang sein.",
  noteInvalid: "Bitte geben Sie die interne Notiz als Text an.",
  noteSaved: { title: "Notiz gespeichert", description: "Die interne Notiz wurde gespeichert." },
  noteFailed: "Die Notiz konnte nicht gespeichert werden.",
  notConfirmed: "Der Fortschritt kann nur bei bestätigten Terminen gesetzt werden.",
  invalidProgress: "Bitte geben Sie „progress“ als arrived, in_progress, ready oder collected an.",
  progressSaved: "Der Fortschritt wurde gespeichert.",
  progressReadyEmail: "Der Fortschritt wurde gespeichert; die Kundin oder der Kunde bekommt eine E-Mail.",
  progressFailed: "Der Fortschritt konnte nicht gespeichert werden.",
  readyTooEarly: "„Abholbereit“ kann erst ab dem Tag des Termins gesetzt werden.",
  collectedTooEarly: "„Abgeholt“ kann erst ab dem Tag des Termins gesetzt werden.",
  // 'Nicht erschienen' (issue 28) on the board and POST/DELETE /api/v1/admin/appointments/:id/no-show.
  noShowTooEarly: "„Nicht erschienen“ kann erst nach dem Beginn des Termins vermerkt werden.",
  carArrived: "Das Fahrzeug ist laut Fortschritt angekommen: „Nicht erschienen“ passt nicht dazu.",
  noShowNotMarked: "Der Termin ist nicht als „Nicht erschienen“ vermerkt.",
  noShowUndoTooLate: "„Nicht erschienen“ kann nur am selben Tag rückgängig gemacht werden.",
  noShowMarked: "Der Termin ist als „Nicht erschienen“ vermerkt. Bitte machen Sie das zuerst rückgängig.",
  noShowSaved: { title: "Nicht erschienen", description: "Der Termin wurde als „Nicht erschienen“ vermerkt." },
  noShowUndone: { title: "Vermerk aufgehoben", description: "„Nicht erschienen“ wurde rückgängig gemacht." },
  noShowFailed: "„Nicht erschienen“ konnte nicht vermerkt werden.",
  noShowUndoFailed: "„Nicht erschienen“ konnte nicht rückgängig gemacht werden.",
  noShowLabel: "Nicht erschienen",
  noShowUndoLabel: "Nicht erschienen rückgängig",
  /** Beside a new request: the customer's earlier no-shows (same e-mail or phone). */
  earlierNoShows: (count: number) => (count === 1 ? "1× früher nicht erschienen" : `${count}× früher nicht erschienen`),
  stepUpRequired: stepUpMessages.stepUpRequired,
  // 'Erinnerung löschen' on the details page and DELETE /api/v1/admin/appointments/:id/reminder (decision 036).
  reminderErased: {
    title: "Erinnerung gelöscht",
    description: "Die Einwilligung in die Erinnerung an die §57a-Begutachtung für dieses Fahrzeug wurde gelöscht.",
  },
  reminderEraseFailed: "Die Erinnerung konnte nicht gelöscht werden.",
  reminderNotFound: "Zu diesem Termin gibt es keine Erinnerung an die §57a-Begutachtung (mehr).",
  reminderOwnerOnly: "Nur der Inhaber oder die Inhaberin darf Erinnerungen löschen.",
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
  weak: passwordMessages.weak,
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
  secondFactorLocked:
    "Die Anmeldung mit Code ist nach zu vielen Fehlversuchen gesperrt. Melden Sie sich mit einem Wiederherstellungscode an oder bitten Sie eine Inhaberin oder einen Inhaber, die Sperre aufzuheben.",
  codeStepExpired: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
  throttled: (limit: "ip" | "account", seconds: number) => (limit === "ip" ? loginMessages.ipBlocked : loginMessages.accountBusy(seconds)),
  enrolmentRequired: "Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein (Seite „Sicherheit“).",
  passkeyRequired: "Für dieses Konto ist ein Passkey eingerichtet: Bitte melden Sie sich mit „Mit Passkey anmelden“ an.",
  passkeyRefused: "Die Anmeldung mit dem Passkey ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
} as const;

/** The 'Sicherheit' page and the second factor's JSON API. */
export const secondFactorMessages = {
  alreadyEnabled: "Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.",
  notStarted: "Bitte starten Sie die Einrichtung zuerst neu.",
  notEnabled: "Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.",
  wrongPasswordOrCode: "Passwort oder Code ist falsch.",
  secondFactorLocked:
    "Codes aus der Authenticator-App sind nach zu vielen Fehlversuchen gesperrt. Bitte verwenden Sie einen Wiederherstellungscode; das hebt die Sperre auf.",
  required: "Die Zwei-Faktor-Anmeldung ist für alle Konten vorgeschrieben und kann nicht ausgeschaltet werden.",
  ownerOnly: "Nur der Inhaber oder die Inhaberin kann das ändern.",
  stepUpRequired: stepUpMessages.stepUpRequired,
  enabled: "Die Zwei-Faktor-Anmeldung ist eingeschaltet.",
  disabled: "Die Zwei-Faktor-Anmeldung ist ausgeschaltet.",
  policyOn: "Die Zwei-Faktor-Anmeldung ist jetzt für alle Konten vorgeschrieben.",
  policyOff: "Die Zwei-Faktor-Anmeldung ist nicht mehr vorgeschrieben.",
  policyInvalid: "Bitte geben Sie „required“ als true oder false an.",
} as const satisfies Record<SecondFactorErrorCode, string> & Record<string, string>;

/** Passkeys: 'Sicherheit', 'Mit Passkey anmelden' on the login and /api/v1/admin/passkeys (decision 034); keyed by PasskeyErrorCode. */
export const passkeyMessages = {
  passkeyFailed: "Der Passkey konnte nicht eingerichtet werden. Bitte versuchen Sie es erneut.",
  passkeyExists: "Dieser Passkey ist für ein Konto bereits eingerichtet.",
  notFound: "Diesen Passkey gibt es nicht (mehr).",
  wrongCurrentPassword: "Das Passwort ist falsch.",
  wrongPasswordOrCode: "Passwort oder Code ist falsch.",
  secondFactorLocked: secondFactorMessages.secondFactorLocked,
  lastFactor:
    "Die Zwei-Faktor-Anmeldung ist für alle Konten vorgeschrieben: Ihr letzter Passkey kann erst entfernt werden, wenn eine Authenticator-App oder ein weiterer Passkey eingerichtet ist.",
  added: "Der Passkey ist eingerichtet. Sie können sich jetzt mit „Mit Passkey anmelden“ anmelden.",
  removed: "Der Passkey wurde entfernt.",
  passwordMissing: "Bitte geben Sie Ihr Passwort ein.",
  passwordOrCodeMissing: "Bitte geben Sie Ihr Passwort oder einen Code aus Ihrer Authenticator-App an.",
  credentialInvalid: "Die Antwort des Passkeys ist unvollständig. Bitte versuchen Sie es erneut.",
  nameInvalid: "Bitte geben Sie dem Passkey einen Namen mit höchstens 60 Zeichen.",
  /** The browser has no WebAuthn (an old one, or a page that is not a secure context). */
  unsupported:
    "Dieser Browser unterstützt keine Passkeys. Bitte verwenden Sie einen aktuellen Browser oder melden Sie sich mit E-Mail und Passwort an.",
  /** The browser's dialog was closed, timed out or found no passkey of this site. */
  cancelled: "Der Vorgang wurde abgebrochen oder hat zu lange gedauert. Es wurde nichts geändert.",
  /** The browser never reached the server. */
  offline: "Der Server ist gerade nicht erreichbar. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.",
  /** The default name of a passkey the account did not name. */
  defaultName: "Passkey",
} as const satisfies Record<PasskeyErrorCode, string> & Record<string, string>;

/** A per-IP limit's refusal (429) in general words: 'Passwort vergessen?' and the pages of the one-time links. */
export function tooManyRequestsMessage(seconds: number): string {
  return `Zu viele Anfragen. Bitte versuchen Sie es in ${seconds < 60 ? `${seconds} Sekunden` : `${Math.ceil(seconds / 60)} Minuten`} erneut.`;
}

/** 'Passwort ändern' on 'Sicherheit', 'Passwort vergessen?' and their JSON API; password problems in the policy's own words. */
export const passwordChangeMessages = {
  wrongCurrentPassword: "Das aktuelle Passwort ist falsch.",
  samePassword: "Das neue Passwort muss sich vom bisherigen unterscheiden.",
  resetInvalid: "Der Link zum Zurücksetzen ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.",
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  tooShort: passwordMessages.tooShort,
  tooLong: passwordMessages.tooLong,
  common: passwordMessages.common,
  weak: passwordMessages.weak,
  mismatch: passwordMessages.mismatch,
  changeMissing: "Bitte geben Sie das aktuelle und das neue Passwort ein.",
  confirmMissing: "Bitte geben Sie den Link (token) und das neue Passwort an.",
  changed: "Ihr Passwort wurde geändert. Alle anderen Sitzungen wurden beendet.",
  /** The same answer whether or not the address has an account. */
  resetRequested:
    "Wenn es zu dieser Adresse ein aktives Konto gibt, haben wir eine E-Mail mit einem Link geschickt. Er gilt 1 Stunde und nur einmal. Bitte sehen Sie auch im Spam-Ordner nach.",
  resetDone: "Ihr neues Passwort ist gespeichert und alle Sitzungen Ihres Kontos wurden beendet. Bitte melden Sie sich jetzt an.",
  rateLimited: tooManyRequestsMessage,
} as const satisfies Record<PasswordErrorCode, string> & Record<string, unknown>;

/** The 'Team' page and /api/v1/admin/users; password problems in the policy's own words. */
export const teamMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf das.",
  stepUpRequired: stepUpMessages.stepUpRequired,
  /** Staff opening the 'Team' page. */
  ownerOnlyPage: "Nur der Inhaber oder die Inhaberin verwaltet die Konten und die Einstellungen des Boards.",
  invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  invalidName: "Bitte geben Sie einen Namen mit höchstens 100 Zeichen an.",
  exists: "Ein Konto mit dieser E-Mail-Adresse existiert bereits.",
  notFound: "Dieses Konto gibt es nicht.",
  lastOwner: "Das letzte aktive Inhaber-Konto kann weder deaktiviert noch zur Mitarbeiterin oder zum Mitarbeiter gemacht werden.",
  invitationInvalid: "Der Einladungslink ist ungültig, abgelaufen oder wurde bereits verwendet.",
  passwordChosen: "Dieses Konto hat sein Passwort schon gewählt: Eine Einladung ist nicht mehr nötig.",
  inactive: "Das Konto ist deaktiviert. Aktivieren Sie es zuerst wieder.",
  tooShort: passwordMessages.tooShort,
  tooLong: passwordMessages.tooLong,
  common: passwordMessages.common,
  weak: passwordMessages.weak,
  created: "Das Konto wurde angelegt.",
  invited: "Das Konto wurde angelegt und die Einladung per E-Mail verschickt.",
  reinvited: "Die neue Einladung ist per E-Mail unterwegs; frühere Einladungslinks gelten nicht mehr.",
  updated: "Das Konto wurde geändert.",
  sessionsEnded: "Alle Sitzungen dieses Kontos wurden beendet.",
  secondFactorUnlocked: "Die Code-Sperre wurde aufgehoben: Die Anmeldung nimmt die Codes aus der Authenticator-App wieder an.",
  /** A locked member on the 'Team' page, with the time of the lock (Vienna). */
  secondFactorLockedNote: (since: string) =>
    `Seit ${since} Uhr nimmt die Anmeldung keine Codes aus der Authenticator-App an: zu viele falsche Codes in Folge, jedes Mal nach dem richtigen Passwort. Ein Wiederherstellungscode hebt die Sperre auf, ebenso „Code-Sperre aufheben“ – am besten erst, wenn das Passwort geändert ist.`,
  sessionEnded: "Die Sitzung wurde beendet.",
  sessionNotFound: "Diese Sitzung gibt es nicht (mehr).",
  memberInvalid: "Bitte geben Sie E-Mail-Adresse, Name und Rolle (owner oder staff) an.",
  changeInvalid: "Erlaubt sind „role“ (owner oder staff) und „active“ (true oder false).",
} as const satisfies Record<TeamErrorCode, string> & Record<string, unknown>;

/**
 * 'Einstellungen' (issue 29, decision 042): the workshop's facts on the board and
 * GET/PUT /api/v1/admin/workshop, keyed by WorkshopErrorCode, then one message per field.
 */
/**
 * 'Vor dem Start' on the board (issue 29, decision 048): the Impressum and contact facts that are
 * still app/config/site.ts's examples, each with the section of 'Einstellungen' that holds it.
 */
export const beforeLaunchMessages = {
  title: "Vor dem Start",
  intro:
    "Diese Angaben sind noch Beispielwerte. Solange eine davon übrig ist, bitten die öffentlichen Seiten Suchmaschinen, sie nicht aufzunehmen (noindex). Ersetzen Sie sie auf der Seite „Einstellungen“ – danach verschwindet diese Liste.",
  fields: {
    "workshop.legalName": { label: "Firmenwortlaut", section: "workshop" },
    "workshop.street": { label: "Straße und Hausnummer", section: "workshop" },
    "workshop.postalCode": { label: "Postleitzahl", section: "workshop" },
    "workshop.phones": { label: "Telefonnummern", section: "workshop" },
    "workshop.email": { label: "E-Mail-Adresse", section: "workshop" },
    "workshop.latitude": { label: "Kartenposition (Breite)", section: "workshop" },
    "workshop.longitude": { label: "Kartenposition (Länge)", section: "workshop" },
    "imprint.companyRegister": { label: "Firmenbuchnummer", section: "imprint" },
    "imprint.vatId": { label: "UID-Nummer", section: "imprint" },
    "imprint.managingDirector": { label: "Geschäftsführung", section: "imprint" },
  } satisfies Record<ExampleField, { label: string; section: "workshop" | "imprint" }>,
  sections: { workshop: "Werkstatt", imprint: "Impressum" },
  count: (count: number) => (count === 1 ? "1 Beispielwert ersetzen" : `${count} Beispielwerte ersetzen`),
} as const;

export const workshopMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf die Einstellungen ändern.",
  invalid: "Bitte überprüfen Sie Ihre Eingaben.",
  envLocked: "Dieser Wert ist durch eine Umgebungsvariable festgelegt.",
  nothingToChange: "Bitte senden Sie mindestens einen Abschnitt: workshop, imprint, hours, services, bookingRules oder email.",
  envLockedField: (variable: string) =>
    `Dieser Wert ist durch die Umgebungsvariable ${variable} festgelegt und kann hier nicht geändert werden.`,
  envNote: (variable: string) => `Festgelegt durch die Umgebungsvariable ${variable}: ändern Sie ihn dort oder entfernen Sie die Variable.`,
  readOnly: "Nur der Inhaber oder die Inhaberin kann die Einstellungen ändern. Sie sehen sie hier zum Nachlesen.",
  saved: "Die Einstellungen wurden gespeichert. Die Website zeigt sie in wenigen Sekunden.",
  unchanged: "Es hat sich nichts geändert.",
  outsideHours: (count: number) =>
    count === 1
      ? "1 künftiger Termin liegt jetzt außerhalb der Öffnungszeiten. Er bleibt bestehen – bitte verschieben oder stornieren Sie ihn auf dem Board."
      : `${count} künftige Termine liegen jetzt außerhalb der Öffnungszeiten. Sie bleiben bestehen – bitte verschieben oder stornieren Sie sie auf dem Board.`,
  // One message per field.
  legalName: "Bitte geben Sie den Firmenwortlaut mit 2 bis 120 Zeichen an.",
  street: "Bitte geben Sie Straße und Hausnummer mit 3 bis 120 Zeichen an.",
  postalCode: "Bitte geben Sie eine vierstellige Postleitzahl an (z. B. 1100).",
  city: "Bitte geben Sie den Ort mit 2 bis 60 Zeichen an.",
  phones: "Bitte geben Sie eine bis drei Telefonnummern an.",
  phoneLabel: "Bitte geben Sie die Bezeichnung der Nummer mit 1 bis 30 Zeichen an (z. B. „Werkstatt“).",
  phoneNumber: "Bitte geben Sie die Telefonnummer mit Ziffern an, z. B. 01 234 56 78 oder +43 1 234 56 78.",
  email: "Bitte geben Sie eine gültige E-Mail-Adresse an (z. B. office@ihre-werkstatt.at).",
  latitude: "Bitte geben Sie die geographische Breite als Zahl von -90 bis 90 an (z. B. 48.1766).",
  longitude: "Bitte geben Sie die geographische Länge als Zahl von -180 bis 180 an (z. B. 16.3802).",
  companyRegister: "Bitte geben Sie die Firmenbuchnummer an (z. B. FN 123456a), höchstens 40 Zeichen.",
  registerCourt: "Bitte geben Sie das Firmenbuchgericht mit 2 bis 120 Zeichen an.",
  vatId: "Bitte geben Sie die UID-Nummer an (z. B. ATU12345678).",
  managingDirector: "Bitte geben Sie die Geschäftsführung mit 2 bis 120 Zeichen an.",
  supervisoryAuthority: "Bitte geben Sie die Aufsichtsbehörde mit 2 bis 160 Zeichen an.",
  chamber: "Bitte geben Sie die Kammer mit 2 bis 160 Zeichen an.",
  hoursTime: "Bitte geben Sie die Zeit als volle oder halbe Stunde an (z. B. 08:00 oder 12:30).",
  hoursOrder: "Bitte geben Sie eine Schließzeit nach der Öffnungszeit an.",
  hoursBreak: "Die Mittagspause muss nach dem Öffnen beginnen, vor dem Schließen enden und Beginn und Ende haben.",
  hoursDay: "Bitte geben Sie für jeden Wochentag „geschlossen“ oder Öffnungs- und Schließzeit an.",
  serviceName: "Bitte geben Sie der Leistung einen Namen mit 2 bis 60 Zeichen.",
  serviceDescription: "Bitte geben Sie eine Beschreibung mit höchstens 200 Zeichen an.",
  serviceDuration: "Bitte geben Sie die Dauer als Anzahl halber Stunden von 1 bis 32 an.",
  serviceCombined:
    "Bitte geben Sie die Dauer zusammen mit anderen Leistungen als ganze Zahl halber Stunden von 1 bis zur Dauer der Leistung an, oder lassen Sie das Feld leer (volle Dauer).",
  serviceBookable: "Bitte geben Sie an, ob die Leistung online buchbar ist (true oder false).",
  serviceNeeds: "Bitte wählen Sie, was die Leistung braucht: Hebebühne, §57a-Prüfplatz und/oder Mechaniker:in (mindestens eines).",
  servicePrice: "Bitte geben Sie den Preis „ab €“ als Betrag von 0 bis 100.000 an (z. B. 89 oder 89,50) oder lassen Sie ihn leer.",
  serviceRetired: "Bitte geben Sie bei „retired“ true oder false an.",
  services: "Bitte geben Sie 1 bis 40 Leistungen an.",
  serviceNameTaken: "Zwei Leistungen dürfen nicht gleich heißen.",
  serviceUnknown: "Diese Leistung gibt es nicht. Eine neue Leistung wird ohne id angelegt.",
  serviceMissing: (name: string) => `Leistungen werden nicht gelöscht: „${name}“ fehlt. Stellen Sie sie stattdessen ein (retired: true).`,
  leadTimeMinutes: "Bitte geben Sie die Vorlaufzeit in Minuten von 0 bis 10.080 (einer Woche) an.",
  horizonDays: "Bitte geben Sie an, wie viele Tage im Voraus gebucht werden kann: 1 bis 365.",
  maxOpenRequestsPerEmail: "Bitte geben Sie die offenen Anfragen je E-Mail-Adresse als Zahl von 1 bis 20 an.",
  pickupPostalCodes:
    "Bitte geben Sie die Postleitzahlen des Hol- und Bringservice als vierstellige Zahlen an, getrennt durch Komma oder Leerzeichen.",
  pickupsPerDay: "Bitte geben Sie die Abholungen pro Tag als Zahl von 0 bis 50 an.",
  cancelCutoffHours: "Bitte geben Sie die Storno-Frist in Stunden von 0 bis 720 an (z. B. 24 oder 2,5).",
  reminderHours: "Bitte geben Sie die Erinnerung in Stunden vor dem Termin von 1 bis 168 an.",
  fewFreeSlots: "Bitte geben Sie die Grenze für „Nur noch wenige Termine frei“ als Zahl von 0 bis 20 an.",
  senderName: 'Bitte geben Sie den Absendernamen mit 1 bis 60 Zeichen an, ohne < > " , ;.',
  noticeAddress: "Bitte geben Sie eine gültige E-Mail-Adresse für die Benachrichtigungen der Werkstatt an.",
} as const satisfies Record<WorkshopErrorCode, string> & Record<string, unknown>;

/**
 * 'Einstellungen' → Leistungen: the labels of a service's fields, on the form and in the history
 * ('Leistung „Ölwechsel“: Dauer zusammen mit anderen Leistungen (halbe Stunden)').
 */
export const serviceFieldLabels = {
  name: "Name",
  description: "Beschreibung",
  durationSteps: "Dauer (halbe Stunden)",
  combinedSteps: "Dauer zusammen mit anderen Leistungen (halbe Stunden)",
  bookable: "online buchbar",
  needs: "Braucht",
  priceFrom: "Preis ab €",
  retired: "eingestellt",
} as const satisfies Record<Exclude<keyof WorkshopService, "id">, string>;

export const serviceFieldMessages = {
  /** The combined time's hint under its field. */
  combinedHint:
    "Leer: volle Dauer. Gilt, wenn die Leistung mit anderen in einem Termin gebucht wird: der Termin dauert die Summe dieser Zeiten.",
  /** The history's words for no combined time. */
  combinedNone: "leer (volle Dauer)",
  /** A changed field of a service in the history. */
  historyField: (service: string, label: string) => `Leistung „${service}“: ${label}`,
} as const;

/** The board's settings (the 'Team' page and /api/v1/admin/settings), keyed by SettingsErrorCode. */
export const settingsMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf das.",
  stepUpRequired: stepUpMessages.stepUpRequired,
  invalid: "Bitte geben Sie „readyEmail“ als true oder false an.",
  readyEmailOn: "Die E-Mail bei „Abholbereit“ wird gesendet.",
  readyEmailOff: "Die E-Mail bei „Abholbereit“ wird nicht mehr gesendet.",
} as const satisfies Record<SettingsErrorCode, string> & Record<string, string>;

/** The owner's CSV export (GET /api/v1/admin/export.csv), keyed by ExportErrorCode. */
export const exportMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf Termine exportieren.",
  stepUpRequired: stepUpMessages.stepUpRequired,
  invalidDates: "Bitte geben Sie from und to als gültige Daten im Format JJJJ-MM-TT an (from ≤ to).",
  invalidStatus: "Unbekannter Status. Erlaubt: alle, beantragt, bestätigt, storniert.",
} as const satisfies Record<ExportErrorCode, string>;

/** Backups (decision 041: the 'Sicherungen' page, /api/v1/admin/backups, the board's notice), keyed by BackupErrorCode. */
export const backupMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf Sicherungen anlegen und herunterladen.",
  stepUpRequired: stepUpMessages.stepUpRequired,
  backupsOff:
    "Automatische Sicherungen sind nicht eingeschaltet: auf PostgreSQL bitte BACKUP_DIR setzen (ein Ordner, den alle Instanzen teilen).",
  backupNotFound: "Diese Sicherung gibt es hier nicht (mehr).",
  backupFailed: "Die Sicherung ist fehlgeschlagen. Bitte Speicherplatz und Rechte des Sicherungsordners prüfen.",
  created: (file: string) => `Sicherung angelegt: ${file}`,
  failedNotice: (at: string) => `Die letzte Sicherung (${at}) ist fehlgeschlagen.`,
  kindLabels: { nightly: "nächtlich", manual: "von Hand", "pre-migration": "vor Update" },
} as const satisfies Record<BackupErrorCode, string> & Record<string, unknown>;

/** The board's export form (app/components/admin/export-form.tsx): its refusals in the words of its fields. */
export const exportFormMessages = {
  invalidDates: "Bitte wählen Sie bei „Von“ und „Bis“ ein gültiges Datum; „Von“ darf nicht nach „Bis“ liegen.",
  invalidStatus: exportMessages.invalidStatus,
} as const satisfies Record<ExportFilterErrorCode, string>;

/** "1010–1090, 1100 und 1120": the runs of `area` (app/domain/vehicle.ts postalCodeRuns), the last joined with "und". */
function postalCodesText(area: ReadonlyArray<string>): string {
  const runs = postalCodeRuns(area).map((run) => (run.first === run.last ? run.first : `${run.first}–${run.last}`));
  return runs.length < 2 ? (runs[0] ?? "") : `${runs.slice(0, -1).join(", ")} und ${runs.at(-1)}`;
}

/**
 * The pick-up service (Hol- und Bringservice) where the booking names its area: the postal codes of
 * 'Einstellungen' → Buchungsregeln (issue 29); all of Vienna's and no other is 'Wiener Stadtgebiet'.
 */
export const pickupMessages = {
  /** A pick-up address outside the area; `phone`: the workshop's first (its facts). */
  outsideArea: (area: ReadonlyArray<string>, phone: string) => {
    if (area.length === 0) return `Unseren Hol- und Bringservice bieten wir derzeit nicht an. Bitte rufen Sie uns an: ${phone}.`;
    const where = isViennaArea(area)
      ? "im Wiener Stadtgebiet an (Postleitzahlen 1010 bis 1230)"
      : `für ${area.length === 1 ? "die Postleitzahl" : "die Postleitzahlen"} ${postalCodesText(area)} an`;
    return `Unseren Hol- und Bringservice bieten wir nur ${where}. Für eine Abholung von außerhalb rufen Sie uns bitte an: ${phone}.`;
  },
  /** The hint beside the hand-over's choice, with the pick-ups a day. */
  hint: (area: ReadonlyArray<string>, perDay: number) => {
    if (area.length === 0) return "Derzeit nicht angeboten; bitte rufen Sie uns an.";
    const where = isViennaArea(area) ? "im Wiener Stadtgebiet (PLZ 1010–1230)" : `für die PLZ ${postalCodesText(area)}`;
    return `Kostenlos ${where}, höchstens ${perDay} Abholungen pro Tag.`;
  },
} as const;

/**
 * The booking form's refusals, keyed by the code of requestAppointment
 * (app/services/booking.server.ts); field errors come from app/schemas.
 */
export const bookingMessages = {
  "slot-taken": "Dieser Termin ist leider nicht mehr frei. Bitte wählen Sie eine andere Uhrzeit oder einen anderen Tag.",
  "courtesy-car-taken":
    "An diesem Tag ist leider kein Ersatzwagen mehr frei. Bitte wählen Sie einen anderen Tag oder buchen Sie ohne Ersatzwagen.",
  "pickups-full":
    "An diesem Tag ist unser Hol- und Bringservice leider schon ausgebucht. Bitte wählen Sie einen anderen Tag oder bringen Sie Ihr Auto selbst zu uns.",
  "rate-limited": "Sie haben in kurzer Zeit zu viele Terminanfragen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
  dailyLimit:
    "Von Ihrem Internetanschluss kamen heute schon sehr viele Terminanfragen. Bitte rufen Sie uns an oder versuchen Sie es morgen erneut.",
  /** `limit` open requests per e-mail address are allowed ('Einstellungen' → Buchungsregeln, maxOpenRequestsPerEmail). */
  "too-many-open": (limit: number) => {
    const requests = limit === 1 ? "eine Terminanfrage" : `${limit} Terminanfragen`;
    return `Für diese E-Mail-Adresse ${limit === 1 ? "ist" : "sind"} bereits ${requests} offen. Bitte warten Sie auf unsere Rückmeldung oder rufen Sie uns an.`;
  },
} as const;

/** The contact forms' refusals, keyed by the code of sendContactMessage; the form's toasts share the text. */
export const contactFormMessages = {
  "rate-limited": "Sie haben in kurzer Zeit zu viele Nachrichten gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
} as const;

/** The owner's 'Schließtage' (board page and /api/v1/admin/closures). */
export const closureMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf Schließtage verwalten.",
  stepUpRequired: stepUpMessages.stepUpRequired,
  notFound: "Diesen Schließtag gibt es nicht (mehr).",
  invalid: "Bitte überprüfen Sie Ihre Eingaben.",
  from: "Bitte geben Sie das erste Datum im Format JJJJ-MM-TT an.",
  to: "Bitte geben Sie das letzte Datum im Format JJJJ-MM-TT an.",
  range: "Das letzte Datum darf nicht vor dem ersten liegen.",
  name: "Bitte geben Sie eine Bezeichnung mit 1 bis 100 Zeichen an (z. B. „Betriebsurlaub“).",
  startTime: "Bitte geben Sie die Uhrzeit als HH:MM zur vollen oder halben Stunde an, oder lassen Sie das Feld leer (ganzer Tag).",
  added: "Der Schließtag wurde eingetragen.",
  deleted: "Der Schließtag wurde gelöscht.",
  /** After 'Alle stornieren': how many were cancelled, and how many had changed meanwhile; singular and plural kept apart. */
  cancelled: (cancelled: number, skipped: number) =>
    (cancelled === 0
      ? "Es wurde kein Termin storniert."
      : cancelled === 1
        ? "Ein Termin wurde storniert; die Kundin oder der Kunde bekommt die Absage per E-Mail."
        : `${cancelled} Termine wurden storniert; die Kundinnen und Kunden bekommen die Absage per E-Mail.`) +
    (skipped > 0 ? ` ${skipped === 1 ? "Ein Termin war" : `${skipped} Termine waren`} inzwischen schon storniert oder gelöscht.` : ""),
  /** 'Alle stornieren' asks once more, since every customer gets an e-mail. */
  confirmCancelAll: (count: number) =>
    count === 1
      ? "Wirklich diesen Termin stornieren? Die Kundin oder der Kunde bekommt sofort eine Absage-E-Mail mit diesem Grund:"
      : `Wirklich alle ${count} Termine stornieren? Alle ${count} Kundinnen und Kunden bekommen sofort eine Absage-E-Mail mit diesem Grund:`,
  confirmCancelAllButton: (count: number) => (count === 1 ? "Ja, Termin stornieren" : `Ja, alle ${count} Termine stornieren`),
  /** A closure's 'Löschen' asks once more: its days are offered to customers again at once. */
  confirmDelete: (name: string, period: string) =>
    `Schließtag „${name}“ (${period}) wirklich löschen? Termine in diesem Zeitraum können dann sofort wieder gebucht werden.`,
} as const;

/** The workshop's lifts, inspection places, mechanics and courtesy cars ('Werkstatt', /api/v1/admin/resources; decision 038). */
export const resourceMessages = {
  ownerOnly: "Nur der Inhaber oder die Inhaberin darf die Werkstatt verwalten.",
  notFound: "Diesen Eintrag der Werkstatt gibt es nicht (mehr).",
  invalid: "Bitte überprüfen Sie Ihre Eingaben.",
  name: "Bitte geben Sie einen Namen mit 1 bis 100 Zeichen an (z. B. „Hebebühne 4“).",
  kind: "Bitte wählen Sie die Art: Hebebühne, §57a-Prüfplatz, Mechaniker:in oder Ersatzwagen.",
  active: "Bitte geben Sie bei „active“ true oder false an.",
  nothingToChange: "Bitte geben Sie einen neuen Namen oder „active“ an.",
  /** What staff read on 'Werkstatt' above the list. */
  readOnly: "Nur der Inhaber oder die Inhaberin kann Hebebühnen, Prüfplätze, Mechaniker:innen und Ersatzwagen ändern.",
  added: (name: string) => `„${name}“ wurde angelegt.`,
  renamed: (name: string) => `Der Name ist jetzt „${name}“.`,
  activated: (name: string) => `„${name}“ ist wieder aktiv.`,
  deactivated: (name: string) => `„${name}“ ist deaktiviert und wird keinen neuen Terminen mehr zugeteilt.`,
  deleted: (name: string) => `„${name}“ wurde gelöscht.`,
  /** DELETE of one that has appointments: kept (their history names it), only deactivated. */
  deactivatedInsteadOfDeleted: (name: string) =>
    `„${name}“ war schon Terminen zugeteilt und wurde deshalb nicht gelöscht, sondern deaktiviert.`,
  confirmDelete: (name: string) =>
    `„${name}“ wirklich löschen? Wurde der Eintrag schon Terminen zugeteilt, wird er stattdessen nur deaktiviert.`,
  /** One resource of a kind, as a form's choice names it. */
  kindLabels: {
    lift: "Hebebühne",
    inspection: "§57a-Prüfplatz",
    mechanic: "Mechaniker:in",
    courtesy_car: "Ersatzwagen",
  } satisfies Record<ResourceKind, string>,
  /** The page's group of each kind. */
  kindGroups: {
    lift: "Hebebühnen",
    inspection: "§57a-Prüfplätze",
    mechanic: "Mechaniker:innen",
    courtesy_car: "Ersatzwagen",
  } satisfies Record<ResourceKind, string>,
  emptyGroup: {
    lift: "Keine Hebebühne eingetragen.",
    inspection: "Kein §57a-Prüfplatz eingetragen.",
    mechanic: "Keine Mechaniker:in eingetragen.",
    courtesy_car: "Kein Ersatzwagen eingetragen.",
  } satisfies Record<ResourceKind, string>,
  /**
   * The names the first start gives (decision 038): "Hebebühne 1", "Mechaniker:in 2"; the single
   * inspection place is "§57a-Prüfplatz", a single courtesy car "Ersatzwagen".
   */
  seedName: (kind: ResourceKind, number: number, count: number): string => {
    const label = { lift: "Hebebühne", inspection: "§57a-Prüfplatz", mechanic: "Mechaniker:in", courtesy_car: "Ersatzwagen" }[kind];
    return count === 1 && (kind === "inspection" || kind === "courtesy_car") ? label : `${label} ${number}`;
  },
} as const;

/**
 * A mechanic's absence and what it changed ('Werkstatt', /api/v1/admin/resources/:id/absences; issue 27).
 * A lift or a courtesy car can be absent too (out of service): the wording names whichever it is.
 */
export const absenceMessages = {
  ownerOnly: resourceMessages.ownerOnly,
  notFound: resourceMessages.notFound,
  absenceNotFound: "Diese Abwesenheit gibt es nicht (mehr).",
  invalid: "Bitte überprüfen Sie Ihre Eingaben.",
  from: "Bitte geben Sie den ersten Tag der Abwesenheit im Format JJJJ-MM-TT an.",
  to: "Bitte geben Sie den letzten Tag der Abwesenheit im Format JJJJ-MM-TT an.",
  range: "Der letzte Tag darf nicht vor dem ersten liegen.",
  tooLong: `Eine Abwesenheit dauert höchstens ${MAX_ABSENCE_DAYS} Tage; bitte tragen Sie eine längere in Teilen ein.`,
  startTime: closureMessages.startTime,
  reason: "Bitte geben Sie einen Grund mit 1 bis 100 Zeichen an (z. B. „Urlaub“).",
  /** What the form's 'Grund' suggests; any other text is fine too. */
  reasonSuggestions: ["Urlaub", "Krankenstand", "Berufsschule"],
  added: (name: string) => `Die Abwesenheit von „${name}“ wurde eingetragen.`,
  deleted: (name: string) => `Die Abwesenheit von „${name}“ wurde entfernt.`,
  /** 'Entfernen' asks once more; the appointments stay as they are. */
  confirmDelete: (name: string, reason: string, period: string) =>
    `Abwesenheit „${reason}“ von „${name}“ (${period}) wirklich entfernen? „${name}“ kann dann in dieser Zeit wieder Terminen zugeteilt werden.`,
  none: "Keine Abwesenheit eingetragen.",
  /** After 'Eintragen': nothing held the absent one in that time. */
  nothingChanged: (name: string, period: string) =>
    `„${name}“ war in dieser Zeit (${period}) keinem offenen oder bestätigten Termin zugeteilt.`,
  reassignedIntro: (name: string) => `Diese Termine waren „${name}“ zugeteilt und wurden umgeplant:`,
  reassignedTo: (name: string) => `neu: „${name}“`,
  /** The appointments nothing was free for: they keep the absent one. */
  affectedIntro: (kind: ResourceKind, name: string) =>
    `Für diese Termine ist zur selben Zeit ${noOtherFree[kind]} frei: Sie sind weiter „${name}“ zugeteilt. ` +
    "Bitte verschieben oder stornieren Sie sie.",
} as const;

const noOtherFree = {
  lift: "keine andere Hebebühne",
  inspection: "kein anderer §57a-Prüfplatz",
  mechanic: "keine andere Mechaniker:in",
  courtesy_car: "kein anderer Ersatzwagen",
} as const satisfies Record<ResourceKind, string>;

/** "24.12.2026", "24.12.2026 ab 12:00 Uhr" or "27.07.2026 – 07.08.2026": the days of a closure or an absence. */
export function periodDE({ from, to, startTime }: { from: string; to: string; startTime: string | null }): string {
  const first = calendarDateDE(from) + (startTime ? ` ab ${startTime} Uhr` : "");
  return from === to ? first : `${first} – ${calendarDateDE(to)}`;
}

/** "a, b und c": German enumeration. */
function andList(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} und ${parts.at(-1)}`;
}

/** Each kind with its article, as a sentence needs it: "eine Hebebühne" (whom), "kein Ersatzwagen" (who), "keinen …" (whom). */
const kindPhrases = {
  one: { lift: "eine Hebebühne", inspection: "einen §57a-Prüfplatz", mechanic: "eine Mechaniker:in", courtesy_car: "einen Ersatzwagen" },
  noneSubject: {
    lift: "keine Hebebühne",
    inspection: "kein §57a-Prüfplatz",
    mechanic: "keine Mechaniker:in",
    courtesy_car: "kein Ersatzwagen",
  },
  noneObject: {
    lift: "keine Hebebühne",
    inspection: "keinen §57a-Prüfplatz",
    mechanic: "keine Mechaniker:in",
    courtesy_car: "keinen Ersatzwagen",
  },
} as const satisfies Record<string, Record<ResourceKind, string>>;

/** One held resource as the board names it: its name, with its kind's word when the name does not say it ("Bühne links (Hebebühne)"). */
function holdName(resource: { name: string; kind: ResourceKind }): string {
  const label = resourceMessages.kindLabels[resource.kind];
  return resource.name.toLocaleLowerCase("de").includes(label.toLocaleLowerCase("de")) ? resource.name : `${resource.name} (${label})`;
}

/**
 * What an appointment holds (issue 27, decision 039): the board's details page, its 'Zuordnung
 * ändern' and PATCH /api/v1/admin/appointments/:id/resources (keyed by HoldErrorCode).
 */
export const holdMessages = {
  notFound: adminMessages.notFound,
  conflict: "Dieser Termin ist storniert: Ihm wird nichts mehr zugeordnet.",
  invalidResources: "Bitte wählen Sie je Art genau eine aktive Hebebühne, einen Prüfplatz, eine Mechaniker:in oder einen Ersatzwagen.",
  resourceTaken: "Eine gewählte Ressource ist zu dieser Zeit schon belegt. Es wurde nichts geändert.",
  /** The body is no `{"resourceIds": […]}`. */
  invalidBody: "Bitte geben Sie „resourceIds“ als Liste der IDs an (höchstens 10).",
  /** "Hebebühne 2 · Mechaniker:in 1 · Ersatzwagen". */
  holdsText: (resources: ReadonlyArray<{ name: string; kind: ResourceKind }>) => resources.map(holdName).join(" · "),
  holdName,
  /** The details' line, and the card's title. */
  heldLabel: "Zugeordnet",
  cardTitle: "Zuordnung in der Werkstatt",
  cardIntro:
    "Wählen Sie je Art, was der Termin zu seiner Zeit hält (die Arbeit für ihre Dauer, einen Ersatzwagen bis Betriebsschluss). Belegte und abwesende sind nicht wählbar.",
  /** An active appointment that holds nothing (or not all it needs) of these kinds, e.g. after an import with nothing free. */
  missingTitle: (kinds: readonly ResourceKind[]) => {
    const text = `${andList(kinds.map((kind) => kindPhrases.noneSubject[kind]))} zugeordnet`;
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  missingAdvice:
    "Der Termin ist aktiv, aber ihm fehlt, was er in der Werkstatt braucht. Ordnen Sie unten zu, was zu seiner Zeit frei ist, oder stornieren Sie ihn und vereinbaren Sie mit der Kundin oder dem Kunden eine andere Zeit.",
  /** The select of a kind: its label, the empty choice, and how a choice that cannot be taken is marked. */
  choose: "Bitte wählen",
  taken: "belegt",
  absent: "abwesend",
  inactive: "deaktiviert",
  noneOfKind: (kind: ResourceKind) => resourceMessages.emptyGroup[kind],
  submit: "Zuordnung ändern",
  /** The audit trail's action `resources`. */
  auditLabel: "Zuordnung geändert",
  moved: (text: string) => ({ title: "Zuordnung geändert", description: `Der Termin hält jetzt: ${text}.` }),
  moveFailed: "Die Zuordnung konnte nicht geändert werden.",
  /** A refused set in the words of its problem (ResourceSetProblem, app/domain/resources.ts). */
  setProblem: (problem: ResourceSetProblem): string => {
    switch (problem.problem) {
      case "unknown":
        return "Eine gewählte Ressource gibt es in der Werkstatt nicht (mehr). Bitte laden Sie die Seite neu.";
      case "notWanted":
        return problem.kind === "courtesy_car"
          ? `Für diesen Termin wurde kein Ersatzwagen gewünscht („${problem.name}“).`
          : `Dieser Termin braucht ${kindPhrases.noneObject[problem.kind]} („${problem.name}“).`;
      case "twice":
        return `Bitte wählen Sie nur ${kindPhrases.one[problem.kind]}.`;
      case "inactive":
        return `„${problem.name}“ ist deaktiviert und wird keinem Termin mehr zugeordnet.`;
      case "missing":
        return problem.kind === "courtesy_car"
          ? "Bitte wählen Sie einen Ersatzwagen: Die Kundin oder der Kunde hat einen gewünscht."
          : `Bitte wählen Sie ${kindPhrases.one[problem.kind]}.`;
    }
  },
  /** A chosen resource is held by another appointment, or absent, at the appointment's time. */
  takenBy: (name: string, absent: boolean) =>
    absent
      ? `„${name}“ ist zu dieser Zeit abwesend. Es wurde nichts geändert.`
      : `„${name}“ ist zu dieser Zeit schon einem anderen Termin zugeordnet. Es wurde nichts geändert.`,
} as const satisfies Record<HoldErrorCode, string> & Record<string, unknown>;

/** A refused 'Zuordnung ändern' in German: the problem's or the resource's words where the refusal names them. */
export function holdRefusal(
  refusal:
    | { code: "notFound" | "conflict" }
    | ({ code: "invalidResources" } & ResourceSetProblem)
    | { code: "resourceTaken"; name?: string; absent?: boolean },
): string {
  switch (refusal.code) {
    case "invalidResources":
      return holdMessages.setProblem(refusal);
    case "resourceTaken":
      return refusal.name ? holdMessages.takenBy(refusal.name, refusal.absent === true) : holdMessages.resourceTaken;
    default:
      return holdMessages[refusal.code];
  }
}

/**
 * 'Ersatzwagen gewünscht' (issue 27): the booking form's checkbox and its hint, the board's details and
 * the e-mails. The car is held from the appointment's start until the day's closing.
 */
export const courtesyCarMessages = {
  label: "Ersatzwagen gewünscht",
  hint: "Ein Ersatzwagen steht Ihnen ab Ihrem Termin bis Betriebsschluss zur Verfügung, solange einer frei ist.",
  /** The booking form's toast when the car was taken meanwhile (409 courtesy-car-taken). */
  takenTitle: "Kein Ersatzwagen frei",
  /** The e-mails' line: label and value. */
  emailLabel: "Ersatzwagen",
  emailValue: "gewünscht, ab Terminbeginn bis Betriebsschluss",
  /** The day picker cleared a chosen time that has no car free, or does not fit the service (with the box ticked, one message for both). */
  timeCleared: (time: string) =>
    `Um ${time} Uhr ist mit Ersatzwagen kein Termin mehr frei. Bitte wählen Sie eine neue Uhrzeit oder buchen Sie ohne Ersatzwagen.`,
} as const;

/** The lanes of work that holds no lift or inspection place, and of appointments that hold nothing. */
const catchAllLanes = { "no-lift": "Ohne Hebebühne", unassigned: "Ohne Zuordnung" } as const;

/** The week planner's lanes and the day list's groups (issue 27; app/domain/planner.ts). */
export const plannerMessages = {
  /** A lane's name: the resource's own, or the catch-all lane's; a deactivated resource's says so. */
  laneName: (lane: { kind: "lift" | "inspection" | "no-lift" | "unassigned"; name: string | null; active: boolean }): string => {
    const name = lane.kind === "no-lift" || lane.kind === "unassigned" ? catchAllLanes[lane.kind] : (lane.name ?? "");
    return lane.active ? name : `${name} (deaktiviert)`;
  },
  unassignedHint: "Für diese Termine war keine Hebebühne, kein Prüfplatz oder keine Mechaniker:in frei: bitte verschieben oder stornieren.",
  free: (from: string, to: string) => `frei ${from}–${to}`,
  /** Free time in the week's grid, for screen readers (the eye sees the empty lane). */
  freeIn: (lane: string, from: string, to: string) => `${lane}: frei ${from}–${to}`,
  unavailable: (from: string, to: string, reason: string) => `nicht verfügbar ${from}–${to}: ${reason}`,
  unavailableIn: (lane: string, from: string, to: string, reason: string) => `${lane}: nicht verfügbar ${from}–${to}: ${reason}`,
  /** A resource absent on the day, in the day's header ("Mechaniker:in 2: Urlaub"). */
  absence: (absence: { name: string; from: string | null; reason: string }) =>
    absence.from === null ? `${absence.name}: ${absence.reason}` : `${absence.name} ab ${absence.from}: ${absence.reason}`,
  absencesLabel: "Abwesend",
  cars: "Ersatzwagen",
  /** Which courtesy car is out with whom, when. */
  carUse: (car: string, from: string, to: string, customer: string) => `${car} ${from}–${to}: ${customer}`,
  carFree: (car: string) => `${car}: frei`,
  /** An appointment's courtesy car on the day list and in a block; a car named "Ersatzwagen …" needs no label. */
  courtesyCar: (name: string) => (/ersatzwagen/i.test(name) ? name : `Ersatzwagen: ${name}`),
  /** The customer asked for a car, but the appointment holds none (nothing was free when it was placed). */
  courtesyCarWished: "Ersatzwagen gewünscht",
  cancelled: "Storniert",
  /** The tooltip of a day's name in the planner: it opens that day's list. */
  dayListOf: (day: string) => `Tagesliste ${day}`,
  noAppointments: "Keine Termine.",
  legendCarOut: "Ersatzwagen unterwegs",
  legendUnavailable: "nicht verfügbar",
} as const;

/** Where a confirmed appointment's car is (issue 16): the board's buttons and the customer's page. */
export const progressLabels = {
  arrived: "Fahrzeug angekommen",
  in_progress: "In Arbeit",
  ready: "Abholbereit",
  collected: "Abgeholt",
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
export function formatHours(hours: number): string {
  return `${hours.toLocaleString("de-AT")} ${hours === 1 ? "Stunde" : "Stunden"}`;
}

const weekdayNames = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"] as const satisfies Record<
  Weekday,
  string
>;

/** Why a day (or a row of the planner) takes no appointments (app/domain/slots.ts, app/domain/planner.ts). */
export function unavailableDayMessage(reason: UnavailableDay | ClosedRow): string {
  switch (reason.code) {
    case "past":
      return "Dieser Tag liegt in der Vergangenheit.";
    case "beyond-horizon":
      return `Termine können höchstens ${reason.horizonDays} Tage im Voraus angefragt werden.`;
    case "holiday":
    case "closure":
      return reason.name;
    case "weekday-closed":
      return `${weekdayNames[reason.weekday]} geschlossen`;
    case "too-late-today":
      return "Für heute sind keine Termine mehr möglich.";
    case "fully-booked":
      return "Ausgebucht";
    case "outside-hours":
      return "Geschlossen";
    case "lunch-break":
      return "Mittagspause";
  }
}

/** 90 → "90 Minuten", 60 → "1 Stunde", 120 → "2 Stunden". */
function durationText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} Minuten`;
  return minutes === 60 ? "1 Stunde" : `${minutes / 60} Stunden`;
}

/**
 * "2026-12-06" → "06.12.2026", without date-fns (app/lib/format-date.ts): the booking form's
 * first paint loads these texts.
 */
function calendarDateDE(date: string): string {
  const parts = parseCalendarDate(date);
  if (!parts) return date;
  return `${String(parts.day).padStart(2, "0")}.${String(parts.month).padStart(2, "0")}.${parts.year}`;
}

/** Why a start time cannot be requested (app/domain/slots.ts, checkSlot), shown at its field. */
export function slotProblemMessage(problem: SlotProblem): string {
  switch (problem.code) {
    case "day-unavailable":
      return `Am ${calendarDateDE(problem.date)} sind keine Termine möglich: ${unavailableDayMessage(problem.day)}`;
    case "closed-from":
      return `Ab ${problem.from} Uhr ist an diesem Tag geschlossen: ${problem.name}.`;
    case "no-start":
      return `Um ${problem.time} Uhr beginnt an diesem Tag kein Termin.`;
    case "ends-after-closing":
      return `Diese Leistung dauert ${durationText(problem.durationMinutes)}: Ein Termin um ${problem.time} Uhr würde nach Geschäftsschluss (${problem.closing} Uhr) enden. Bitte wählen Sie eine frühere Uhrzeit.`;
    case "ends-in-break":
      return `Diese Leistung dauert ${durationText(problem.durationMinutes)}: Ein Termin um ${problem.time} Uhr würde in die Mittagspause (${problem.breakFrom}–${problem.breakTo} Uhr) reichen. Bitte wählen Sie eine andere Uhrzeit.`;
    case "too-soon":
      return `Dieser Termin beginnt zu bald. Bitte wählen Sie einen Termin mindestens ${durationText(problem.leadTimeMinutes)} im Voraus.`;
  }
}

/** A refused appointment request as the booking form and POST /api/v1/appointments say it. */
type BookingRefusal = FailureOf<
  | { ok: false; code: "invalid"; fields: Record<string, string>; missingRequired: boolean }
  | { ok: false; code: "slot-unavailable"; field: SlotField; problem: SlotProblem }
  | { ok: false; code: "too-many-open"; limit: number }
  | { ok: false; code: "rate-limited"; perDay: boolean }
  | { ok: false; code: Exclude<BookingErrorCode, "honeypot" | "invalid" | "slot-unavailable" | "too-many-open" | "rate-limited"> }
>;

/**
 * The one wording of a refused appointment request, for the form and the API alike: the
 * summary and the message of each field it concerns (a taken slot at the time, full pick-ups
 * at the handover, a closed day or start time at its field).
 */
export function bookingRefusal(refusal: BookingRefusal): { error: string; fields: Record<string, string> } {
  switch (refusal.code) {
    case "invalid":
      return { error: invalidFormMessage(refusal.missingRequired), fields: refusal.fields };
    case "slot-unavailable":
      return { error: formMessages.invalidFields, fields: { [refusal.field]: slotProblemMessage(refusal.problem) } };
    case "slot-taken":
      return { error: bookingMessages["slot-taken"], fields: { time: bookingMessages["slot-taken"] } };
    case "courtesy-car-taken":
      return { error: bookingMessages["courtesy-car-taken"], fields: { courtesyCar: bookingMessages["courtesy-car-taken"] } };
    case "pickups-full":
      return { error: bookingMessages["pickups-full"], fields: { handover: bookingMessages["pickups-full"] } };
    case "too-many-open":
      return { error: bookingMessages["too-many-open"](refusal.limit), fields: {} };
    case "rate-limited":
      return { error: refusal.perDay ? bookingMessages.dailyLimit : bookingMessages["rate-limited"], fields: {} };
  }
}

/** Entering and moving appointments on the board and on the personal link (issue 28). */
export const moveMessages = {
  enterTitle: "Termin eintragen",
  entered: "Der Termin wurde eingetragen.",
  moveTitle: "Verschieben",
  moved: "Der Termin wurde verschoben.",
  changed: "Die Änderungen wurden gespeichert.",
  overrideLabel: "Trotzdem eintragen",
  overrideReasonLabel: "Begründung für „Trotzdem eintragen“",
  overbooked: "überbucht",
  noEmail: "Keine E-Mail-Adresse – der Kunde bekommt keine E-Mails.",
  /** The details page's link into the planner's move mode. */
  moveInPlanner: "Im Planer verschieben",
  placementLabel: "Platzierung",
  overrideDoneLabel: "Trotzdem eingetragen",
  sourceLabel: "Herkunft",
  sources: { online: "Online", phone: "Telefon", counter: "Schalter" } satisfies Record<AppointmentSource, string>,
  notFound: "Der Termin existiert nicht (mehr).",
  conflict: "Dieser Termin ist storniert oder wurde inzwischen von jemand anderem verschoben.",
  "slot-taken":
    "Zu dieser Zeit ist nicht alles frei, was der Termin braucht (Hebebühne, Prüfplatz oder Mechaniker:in). Bitte wählen Sie eine andere Zeit oder „Trotzdem eintragen“ mit Begründung.",
  "courtesy-car-taken": "Zu dieser Zeit ist kein Ersatzwagen bis Geschäftsschluss frei. Bitte wählen Sie einen anderen Tag.",
  resourceTaken: "Die gewählte Hebebühne (oder Ressource) ist zu dieser Zeit belegt oder abwesend. Bitte wählen Sie eine andere.",
  past: "Dieser Zeitpunkt liegt in der Vergangenheit. Bitte wählen Sie einen späteren.",
  customerMoveTitle: "Termin verschieben",
  customerMoved: "Ihr Termin wurde verschoben. Sie erhalten eine Bestätigung per E-Mail.",
  customerRequestMoved: "Ihre Anfrage wurde auf die neue Zeit verschoben.",
  customerSlotTaken: "Diese Zeit ist leider nicht mehr frei. Bitte wählen Sie eine andere.",
  "too-late": (hours: number, phone: string) =>
    `Ein Verschieben über diese Seite ist nur bis ${formatHours(hours)} vor dem Termin möglich. Bitte rufen Sie uns an: ${phone}.`,
  tooManyMoves: (max: number, phone: string) =>
    `Sie haben diesen Termin bereits ${max}-mal verschoben. Für eine weitere Änderung rufen Sie uns bitte an: ${phone}.`,
  "rate-limited": "Sie haben in kurzer Zeit zu viele Anfragen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
} as const;

/**
 * What the board marks on an appointment it entered or placed differently (issue 28): how it came in
 * (an online request is the default and needs no mark), 'überbucht' with what it could not get, the
 * reason of 'Trotzdem eintragen', and that a caller without an address gets no e-mails.
 */
export const appointmentMarks = {
  overbooked: (missing: readonly ResourceKind[]) =>
    missing.length === 0
      ? moveMessages.overbooked
      : `${moveMessages.overbooked}: ${andList(missing.map((kind) => kindPhrases.noneSubject[kind]))}`,
  override: (reason: string) => `Trotzdem eingetragen: ${reason}`,
  noEmail: "ohne E-Mail",
  /** The marks of one appointment, in the order the board shows them. */
  of: (appointment: {
    source: AppointmentSource;
    overbooked: boolean;
    missing: readonly ResourceKind[];
    overrideReason: string | null;
    hasEmail: boolean;
  }): string[] =>
    [
      appointment.source === "online" ? null : moveMessages.sources[appointment.source],
      appointment.overbooked ? appointmentMarks.overbooked(appointment.missing) : null,
      appointment.overrideReason ? appointmentMarks.override(appointment.overrideReason) : null,
      appointment.hasEmail ? null : appointmentMarks.noEmail,
    ].filter((mark): mark is string => mark !== null),
};

/** Moving a block in the week planner (issue 28): by dragging, or by choosing it and then a free time. */
export const plannerMoveMessages = {
  /** A block's own link into the move mode: whom and when, short (the block's own link says everything). */
  start: (name: string, from: string, to: string) => `Verschieben: ${name}, ${from}–${to}`,
  startShort: "Verschieben",
  banner: (name: string, date: string, time: string) => `${name} (${date}, ${time}) verschieben: Wählen Sie eine freie Zeit.`,
  cancel: "Abbrechen",
  cancelHint: "Escape bricht ab.",
  /** A free time the chosen appointment can be moved to. */
  target: (day: string, time: string, lane: string | null) => `Hierher verschieben: ${day}, ${time}${lane ? `, ${lane}` : ""}`,
  targetShort: "Hierher",
  moved: (day: string, time: string, lane: string | null, emailQueued: boolean) => ({
    title: moveMessages.moved,
    description: `Neu: ${day}, ${time}${lane ? `, ${lane}` : ""}.${emailQueued ? " Die Kundin oder der Kunde bekommt eine E-Mail mit der neuen Zeit." : ""}`,
  }),
  failed: "Der Termin konnte nicht verschoben werden.",
  noTarget: "Bitte wählen Sie eine freie Zeit.",
  notMovable: "Dieser Termin ist storniert oder existiert nicht mehr: Er kann nicht verschoben werden.",
} as const;

/** A refused entry or move (issue 28), with what its words need. */
export type MoveRefusal =
  | { code: Exclude<MoveErrorCode, "invalid" | "slotClosed" | "too-late" | "tooManyMoves"> }
  | { code: "invalid"; fields: Record<string, string>; missingRequired: boolean }
  /** `inBreak`: only the lunch break is in the way ('Trotzdem eintragen' may place it there). */
  | { code: "slotClosed"; field: SlotField; problem: SlotProblem; inBreak?: boolean }
  | { code: "too-late"; hours: number }
  | { code: "tooManyMoves"; max: number };

/** The one wording of a refused entry or move: the summary and the field it concerns. */
export function moveRefusal(refusal: MoveRefusal, phone: string): { error: string; fields: Record<string, string> } {
  switch (refusal.code) {
    case "invalid":
      return { error: invalidFormMessage(refusal.missingRequired), fields: refusal.fields };
    case "slotClosed": {
      const message =
        refusal.problem.code === "too-soon" && refusal.problem.leadTimeMinutes === 0
          ? moveMessages.past
          : slotProblemMessage(refusal.problem);
      return { error: message, fields: { [refusal.field]: message } };
    }
    case "slot-taken":
    case "courtesy-car-taken":
    case "resourceTaken":
      return { error: moveMessages[refusal.code], fields: { time: moveMessages[refusal.code] } };
    case "too-late":
      return { error: moveMessages["too-late"](refusal.hours, phone), fields: {} };
    case "tooManyMoves":
      return { error: moveMessages.tooManyMoves(refusal.max, phone), fields: {} };
    case "notFound":
    case "conflict":
    case "rate-limited":
      return { error: moveMessages[refusal.code], fields: {} };
  }
}

/**
 * The server's start when something outside the app is in the way: one line on stderr, exit code 1
 * (server/index.ts). `cause` is the system's own short reason (never a password or a URL).
 */
export const startMessages = {
  /** SLOT_CAPACITY is still set (issue 27): read once, at the first start after migration 0022. */
  slotCapacityRetired:
    "SLOT_CAPACITY wird nicht mehr verwendet: Hebebühnen, Prüfplätze, Mechaniker:innen und Ersatzwagen stehen jetzt im Admin-Board unter „Werkstatt“. Bitte entfernen Sie die Variable.",
  /** Active appointments the first start's placement found nothing free for. */
  unplacedAppointments: (count: number) =>
    `${count} aktive${count === 1 ? "r Termin hat" : " Termine haben"} keine freie Hebebühne, keinen Prüfplatz oder keine Mechaniker:in bekommen: Bitte im Admin-Board verschieben oder stornieren.`,
  portInUse: (host: string, port: number) =>
    `Port ${port} auf ${host} ist schon belegt: Läuft Happy Car bereits? Beenden Sie das andere Programm oder wählen Sie mit PORT einen anderen Port.`,
  portRefused: (host: string, port: number, cause: string) =>
    `Port ${port} auf ${host} kann nicht geöffnet werden (${cause}). Ports unter 1024 brauchen besondere Rechte: Wählen Sie mit PORT einen höheren.`,
  dataDirUnusable: (dataDir: string, cause: string) =>
    `Der Datenordner ${dataDir} (DATA_DIR) ist nicht beschreibbar (${cause}). Prüfen Sie Rechte, freien Platz und ob das Laufwerk schreibgeschützt eingehängt ist.`,
  embeddedDatabaseDamaged: (dataDir: string, cause: string) =>
    `Die eingebettete Datenbank in ${dataDir} lässt sich nicht öffnen oder nicht auf den neuen Stand bringen (${cause}). Ist sie beschädigt, stellen Sie die letzte Sicherung wieder her (npm run restore, docs/deployment.md).`,
  backupBeforeMigrationFailed: (dir: string, cause: string) =>
    `Vor dem Update der Datenbank ließ sich keine Sicherung nach ${dir} schreiben (${cause}). Ohne Sicherung wird nichts geändert: Bitte Platz schaffen oder die Rechte des Ordners (BACKUP_DIR bzw. DATA_DIR/backups) prüfen und neu starten.`,
  storageFailed: (dataDir: string, cause: string) =>
    `Der Datenordner ${dataDir} (DATA_DIR) lässt sich nicht mehr beschreiben (${cause}): voll oder schreibgeschützt. Der Server beendet sich; schaffen Sie Platz oder prüfen Sie das Laufwerk, dann startet ihn der Dienst wieder.`,
  eventLoopStuck: (seconds: number) =>
    `Der Server hat ${seconds} Sekunden lang auf nichts mehr geantwortet und beendet sich, damit ihn der Dienst neu startet (meist ist der Datenordner voll oder schreibgeschützt).`,
  postgresUnreachable: (cause: string) =>
    `Die PostgreSQL-Datenbank (DATABASE_URL) ist nicht erreichbar oder lehnt die Anmeldung ab (${cause}). Prüfen Sie Adresse, Zugangsdaten und ob der Server läuft.`,
  /** Decision 035: several instances share PostgreSQL, not a disk, so the key cannot be a file of one of them. */
  appSecretMissing:
    "Mit DATABASE_URL (PostgreSQL) braucht Happy Car in Produktion APP_SECRET, den Schlüssel der Zwei-Faktor-Geheimnisse, auf allen Instanzen gleich: z. B. openssl rand -base64 32 (docs/deployment.md, „Schlüssel“).",
  keyUnusable: (cause: string) => `Der Schlüssel der Zwei-Faktor-Geheimnisse ist nicht lesbar: ${cause}`,
  /** Warnings at start: the server runs, but these secrets cannot be read (logins with them are refused with a clear answer). */
  secretsUnreadable: (count: number, keyIds: string[]) =>
    `${count} gespeicherte Zwei-Faktor-Geheimnisse lassen sich mit dem eingestellten Schlüssel nicht entschlüsseln (Schlüssel-Kennung ${keyIds.join(", ") || "unbekannt"}). Die Anmeldung mit diesen Konten ist nicht möglich, bis APP_SECRET bzw. DATA_DIR/secret.key wieder stimmt (docs/deployment.md, „Schlüssel“).`,
  keyFileOnPostgres: (file: string) =>
    `APP_SECRET ist nicht gesetzt: Der Schlüssel der Zwei-Faktor-Geheimnisse liegt in ${file}. Mit PostgreSQL taugt das nur für eine einzige Instanz in der Entwicklung; in Produktion ist APP_SECRET Pflicht.`,
} as const;

/** The secrets at rest (decision 035): the key's errors, and the operator's commands around it. */
export const secretKeyMessages = {
  /** The answer to a request that needs a secret the server's key cannot read (503). */
  unavailable:
    "Die Anmeldung mit zweitem Faktor ist auf diesem Server gerade nicht möglich: Der Schlüssel fehlt oder passt nicht. Bitte verständigen Sie den Betreiber.",
  noKey: "Kein Schlüssel zum Verschlüsseln vorhanden (APP_SECRET oder DATA_DIR/secret.key).",
  notEncrypted: "Der Wert ist nicht verschlüsselt.",
  unknownKey: (keyId: string) => `Der Wert ist mit dem Schlüssel ${keyId} verschlüsselt, der hier fehlt.`,
  damaged: (keyId: string) => `Der verschlüsselte Wert (Schlüssel ${keyId}) ist beschädigt.`,
  wrongKey: (keyId: string) => `Der Schlüssel ${keyId} passt nicht zum gespeicherten Wert (falscher Schlüssel oder veränderter Wert).`,
  badKeyFile: (file: string) => `Die Schlüsseldatei ${file} enthält keinen gültigen Schlüssel (mindestens 43 Zeichen Base64).`,
  secured: (encrypted: number, convertedCodes: number) =>
    `Geheimnisse: ${encrypted} Zwei-Faktor-Geheimnisse verschlüsselt, ${convertedCodes} Wiederherstellungscodes auf HMAC umgestellt.`,
  rotateNeedsPrevious:
    "rotate-key mit APP_SECRET: Setzen Sie den neuen Schlüssel als APP_SECRET und den bisherigen als APP_SECRET_PREVIOUS (auf allen Instanzen), dann rotate-key; danach APP_SECRET_PREVIOUS wieder entfernen (docs/deployment.md).",
  rotatedKeyFile: (file: string, keyId: string, secrets: number) =>
    `Neuer Schlüssel ${keyId} in ${file}; ${secrets} Zwei-Faktor-Geheimnisse neu verschlüsselt, der Schlüssel der Wiederherstellungscodes neu verpackt. Sichern Sie die neue Schlüsseldatei; ältere Datenbanksicherungen brauchen die alte.`,
  rotatedAppSecret: (keyId: string, secrets: number) =>
    `${secrets} Zwei-Faktor-Geheimnisse mit APP_SECRET (Schlüssel ${keyId}) neu verschlüsselt, der Schlüssel der Wiederherstellungscodes neu verpackt. Entfernen Sie jetzt APP_SECRET_PREVIOUS aus der Konfiguration aller Instanzen.`,
  rotateFailed: (cause: string) => `Schlüsselwechsel abgebrochen, nichts geändert: ${cause}`,
  backupKeyNote: (keyIds: string[], source: "app-secret" | "key-file") =>
    keyIds.length === 0
      ? "Die Sicherung enthält keine verschlüsselten Geheimnisse."
      : source === "key-file"
        ? `Die Zwei-Faktor-Geheimnisse der Sicherung sind mit dem Schlüssel ${keyIds.join(", ")} aus DATA_DIR/secret.key verschlüsselt: Die Schlüsseldatei ist nicht in der Sicherung, sichern Sie sie getrennt.`
        : `Die Zwei-Faktor-Geheimnisse der Sicherung sind mit dem Schlüssel ${keyIds.join(", ")} (APP_SECRET) verschlüsselt: Ohne diesen Wert ist die Sicherung für die Zwei-Faktor-Anmeldung unbrauchbar.`,
  restoreReadable: "Die Zwei-Faktor-Geheimnisse der Sicherung lassen sich mit dem eingestellten Schlüssel lesen.",
  restoreUnreadable: (count: number, keyIds: string[]) =>
    `Warnung: ${count} Zwei-Faktor-Geheimnisse der Sicherung lassen sich mit dem eingestellten Schlüssel nicht lesen (gebraucht: Schlüssel ${keyIds.join(", ")}). Legen Sie vor dem Start die gesicherte Schlüsseldatei als DATA_DIR/secret.key ab bzw. setzen Sie das APP_SECRET der Sicherung (docs/deployment.md).`,
  restoreNoKeyFile: (file: string, keyIds: string[]) =>
    `Warnung: Die Sicherung braucht den Schlüssel ${keyIds.join(", ")}, aber ${file} fehlt. Legen Sie die gesicherte Schlüsseldatei dorthin, bevor der Server startet (er legte sonst einen neuen Schlüssel an, mit dem die Zwei-Faktor-Anmeldung nicht geht).`,
} as const;

/** The board's notice when a day has more online booking requests than BOOKING_ALERT_PER_DAY (issue 31). */
export function onlineRequestsNotice(count: number, threshold: number): string {
  return `Heute schon ${count}, erwartet sind höchstens ${threshold}. Prüfen Sie die offenen Anfragen auf Unsinn oder Missbrauch.`;
}

/** Findings ('Befunde', issue 30): the board, the API, the personal link and the photos. */
export const findingMessages = {
  notFound: "Der Termin existiert nicht (mehr).",
  conflict: "Zu einem stornierten Termin können keine Befunde erfasst werden.",
  findingNotFound: "Diesen Befund gibt es nicht (mehr).",
  findingSent:
    "Dieser Befund wurde der Kundin oder dem Kunden schon gesendet und kann nicht mehr geändert werden. Erfassen Sie die Korrektur als neuen Befund; der alte wird dann zurückgezogen.",
  findingWithdrawn: "Dieser Befund wurde zurückgezogen.",
  invalidFinding: "Bitte geben Sie einen Titel (höchstens 120 Zeichen), einen Preis (z. B. 180,00) und die Dringlichkeit an.",
  invalidEstimate: "Bitte geben Sie den Kostenvoranschlag als Betrag an (z. B. 450,00), oder lassen Sie das Feld leer.",
  tooManyPhotos: "Höchstens 6 Fotos pro Befund.",
  nothingToSend: "Es gibt keinen neuen Befund, der gesendet werden könnte.",
  photoType: "Dieses Foto können wir nicht annehmen: Bitte senden Sie ein Bild im Format JPEG, PNG oder WebP.",
  photoTooLarge: "Dieses Foto ist zu groß: höchstens 15 MB pro Foto.",
  photoTooManyPixels: "Dieses Foto hat zu viele Bildpunkte: höchstens 50 Megapixel.",
  photoUnreadable: "Dieses Foto lässt sich nicht lesen. Bitte nehmen Sie es noch einmal auf.",
  photoNotFound: "Dieses Foto gibt es nicht (mehr).",
  invalidDecision: "Bitte geben Sie „decision“ als approved oder declined an.",
  // The board's answers.
  saved: "Der Befund wurde gespeichert.",
  updated: "Der Befund wurde geändert.",
  deleted: "Der Befund wurde gelöscht.",
  withdrawn: "Der Befund wurde zurückgezogen; seine Entscheidungen bleiben erhalten.",
  estimateSaved: "Der Kostenvoranschlag wurde gespeichert.",
  decisionSaved: "Die Entscheidung wurde eingetragen.",
  sent: (count: number) =>
    `${count === 1 ? "1 Befund wurde" : `${count} Befunde wurden`} zur Freigabe gesendet; die Kundin oder der Kunde bekommt eine E-Mail.`,
  sentWithoutEmail: (count: number) =>
    `${count === 1 ? "1 Befund ist" : `${count} Befunde sind`} auf dem persönlichen Link sichtbar. Zu diesem Termin gibt es keine E-Mail-Adresse: Es wurde keine E-Mail gesendet, bitte rufen Sie an.`,
  // Labels, on the board and the personal link alike.
  urgency: { now: "sofort nötig", soon: "bald", watch: "beobachten" },
  decision: { approved: "freigegeben", declined: "abgelehnt", open: "offen" },
  phoneDecision: { approved: "telefonisch freigegeben", declined: "abgelehnt" },
  byCustomer: "vom Kunden über den Link",
  // The workshop's e-mail per submission on the personal link.
  workshopSubject: (approved: number, declined: number) => `Freigabe erhalten: ${approved} freigegeben, ${declined} abgelehnt`,
  customerSubject: "Ihre Freigabe wird benötigt",
} as const;

/** The personal link's findings (issue 30): refusals in the customer's words. */
export const customerDecisionMessages = {
  "not-found": "Dieser Link ist abgelaufen oder ungültig. Bitte rufen Sie uns an.",
  "decisions-closed": "An Ihrem Fahrzeug wird bereits gearbeitet: Entscheidungen können jetzt nur noch telefonisch geändert werden.",
  "invalid-decision": "Bitte wählen Sie bei einem Befund „Freigeben“ oder „Ablehnen“.",
  "rate-limited": "Sie haben in kurzer Zeit zu viele Entscheidungen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
  saved: "Danke, Ihre Entscheidung ist bei uns angekommen.",
  unchanged: "Ihre Entscheidungen sind unverändert.",
} as const;
/** The waiting list of a fully booked day (issue 28): the booking form, POST /api/v1/waitlist, the leave page, the board. */
export const waitlistMessages = {
  join: "Auf die Warteliste",
  fullDay:
    "Dieser Tag ist für die gewählte Leistung ausgebucht. Tragen Sie sich auf die Warteliste ein: Wird ein Termin frei, schicken wir Ihnen eine E-Mail.",
  joined: (day: string) =>
    `Sie stehen auf der Warteliste für ${day}. Wird an diesem Tag ein Termin frei, bekommen Sie eine E-Mail – wer zuerst bucht, bekommt ihn.`,
  joinedTitle: "Auf der Warteliste",
  "waitlist-day-free": "An diesem Tag ist für diese Leistung noch ein Termin frei. Bitte buchen Sie ihn direkt über das Formular.",
  joinFailed: "Sie konnten nicht auf die Warteliste gesetzt werden.",
  leaveTitle: "Warteliste verlassen",
  leaveQuestion: (day: string, service: string) =>
    `Sie stehen auf der Warteliste für ${day} (${service}). Möchten Sie keine E-Mail mehr bekommen, wenn an diesem Tag ein Termin frei wird? Dann bestätigen Sie bitte mit einem Klick.`,
  leaveButton: "Von der Warteliste abmelden",
  left: "Sie stehen nicht mehr auf der Warteliste und bekommen zu diesem Tag keine E-Mails mehr von uns.",
  leaveUnknown: "Dieser Link ist ungültig, oder Sie stehen nicht mehr auf dieser Warteliste (sie endet mit ihrem Tag).",
  boardTitle: "Warteliste",
  boardWaiting: (count: number) => (count === 1 ? "1 wartet" : `${count} warten`),
  boardEmpty: "Niemand wartet auf einen Termin.",
} as const;

/** A refused 'Auf die Warteliste' (issue 28) as the booking form and POST /api/v1/waitlist say it. */
type WaitlistRefusal = FailureOf<
  | { ok: false; code: "invalid"; fields: Record<string, string>; missingRequired: boolean }
  | { ok: false; code: "rate-limited"; perDay: boolean }
  | { ok: false; code: "waitlist-day-free" }
  | { ok: false; code: "waitlist-day-unavailable"; reason: UnavailableDay }
>;

/** The one wording of a refused 'Auf die Warteliste': a field's and the limits' words are the booking's. */
export function waitlistRefusal(refusal: WaitlistRefusal): { error: string; fields: Record<string, string> } {
  switch (refusal.code) {
    case "invalid":
    case "rate-limited":
      return bookingRefusal(refusal);
    case "waitlist-day-free":
      return { error: waitlistMessages["waitlist-day-free"], fields: {} };
    case "waitlist-day-unavailable": {
      const day = unavailableDayMessage(refusal.reason);
      return { error: `Für diesen Tag gibt es keine Warteliste: ${day}`, fields: { date: day } };
    }
  }
}
