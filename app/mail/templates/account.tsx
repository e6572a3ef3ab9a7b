import { site } from "~/config/site";
import { SECOND_FACTOR_LOCK_AFTER } from "~/domain/login-gate";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import type {
  NewBrowserLoginEmail,
  PasswordChangedEmail,
  PasswordResetEmail,
  SecondFactorLockedEmail,
  StaffInvitationEmail,
} from "../emails";
import { ButtonLink, EmailLayout, Paragraph } from "./layout";
import { defineTemplate, type TemplateContext } from "./template";

/** How long an invitation link works (app/services/team.server.ts). */
export const INVITATION_HOURS = 72;

/** How long a link to set a forgotten password works (app/services/account-password.server.ts). */
export const PASSWORD_RESET_HOURS = 1;

const roleNames = { owner: "Inhaber/in", staff: "Mitarbeiter/in" } as const;

function invitationUrl(p: StaffInvitationEmail, context: TemplateContext): string {
  return new URL(`/admin-einladung?token=${p.token}`, context.adminUrl).toString();
}

/** To a new member of the team: a one-time link to choose a password. */
export const staffInvitation = defineTemplate<StaffInvitationEmail>({
  subject: "Einladung zum Admin-Board",
  body: (p, context) => (
    <EmailLayout title="Einladung zum Admin-Board">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        {p.invitedBy} hat für Sie ein Konto im Admin-Board von {site.name} angelegt (Rolle: {roleNames[p.role]}). Bitte wählen Sie über
        diesen Link Ihr Passwort; er gilt {INVITATION_HOURS} Stunden und nur einmal:
      </Paragraph>
      <ButtonLink href={invitationUrl(p, context)}>Passwort wählen</ButtonLink>
      <Paragraph>Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail bitte.</Paragraph>
    </EmailLayout>
  ),
});

function passwordResetUrl(p: PasswordResetEmail, context: TemplateContext): string {
  return new URL(`/admin-passwort-neu/${p.token}`, context.adminUrl).toString();
}

/** 'Passwort vergessen?': a one-time link to the account's own address. */
export const passwordReset = defineTemplate<PasswordResetEmail>({
  subject: "Passwort zurücksetzen",
  body: (p, context) => (
    <EmailLayout title="Passwort zurücksetzen">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        für Ihr Konto im Admin-Board von {site.name} wurde ein neues Passwort angefordert. Über diesen Link wählen Sie es; er gilt{" "}
        {PASSWORD_RESET_HOURS} Stunde und nur einmal:
      </Paragraph>
      <ButtonLink href={passwordResetUrl(p, context)}>Neues Passwort wählen</ButtonLink>
      <Paragraph>
        Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail bitte: Ihr Passwort bleibt unverändert. Eine eingeschaltete
        Zwei-Faktor-Anmeldung bleibt auch nach dem Zurücksetzen eingeschaltet.
      </Paragraph>
    </EmailLayout>
  ),
});

const changedHow = {
  change: "auf der Seite „Sicherheit“ geändert",
  reset: "über „Passwort vergessen?“ neu gesetzt",
} as const;

/** After a change or a reset: the account learns of it, and what to do if it was not them. */
export const passwordChanged = defineTemplate<PasswordChangedEmail>({
  subject: "Ihr Passwort wurde geändert",
  body: (p, context) => (
    <EmailLayout title="Ihr Passwort wurde geändert">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        das Passwort Ihres Kontos im Admin-Board von {site.name} wurde am {formatDateTimeVienna(p.changedAt)} Uhr {changedHow[p.via]}.
        {p.via === "change" ? " Alle anderen Sitzungen wurden beendet." : " Alle Sitzungen wurden beendet."}
      </Paragraph>
      <ButtonLink href={new URL("/admin/sicherheit", context.adminUrl).toString()}>Sicherheit ansehen</ButtonLink>
      <Paragraph>
        Waren Sie das nicht? Dann setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Anmeldeseite neu (
        {new URL("/admin-passwort-vergessen", context.adminUrl).toString()}), beenden Sie unter „Sicherheit“ alle Sitzungen, die Sie nicht
        kennen, und sagen Sie es dem Inhaber oder der Inhaberin.
      </Paragraph>
    </EmailLayout>
  ),
});

/**
 * After SECOND_FACTOR_LOCK_AFTER wrong codes in a row, each after the right password: the account
 * learns that someone may know its password, and how to get back in. No client address: the
 * account's mailbox is no place for it, and the time says enough to tell whether it was them.
 */
export const secondFactorLocked = defineTemplate<SecondFactorLockedEmail>({
  subject: "Anmeldung mit Code gesperrt",
  body: (p, context) => (
    <EmailLayout title="Anmeldung mit Code gesperrt">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        bei der Anmeldung in Ihr Konto im Admin-Board von {site.name} wurde {SECOND_FACTOR_LOCK_AFTER}-mal hintereinander ein falscher Code
        eingegeben, zuletzt am {formatDateTimeVienna(p.lockedAt)} Uhr. Das Passwort war dabei jedes Mal richtig. Seitdem nimmt die Anmeldung
        keine Codes aus der Authenticator-App mehr an.
      </Paragraph>
      <Paragraph>
        Waren Sie das nicht? Dann kennt jemand Ihr Passwort: Ändern Sie es bitte sofort über „Passwort vergessen?“ auf der Anmeldeseite (
        {new URL("/admin-passwort-vergessen", context.adminUrl).toString()}).
      </Paragraph>
      <Paragraph>
        Anmelden können Sie sich weiterhin mit einem Ihrer Wiederherstellungscodes; das hebt die Sperre auf. Ohne Wiederherstellungscode
        hebt eine Inhaberin oder ein Inhaber die Sperre auf der Seite „Team“ auf, oder wer den Server betreut.
      </Paragraph>
      <ButtonLink href={new URL("/admin/sicherheit", context.adminUrl).toString()}>Sicherheit ansehen</ButtonLink>
      <Paragraph>Unter „Sicherheit“ beenden Sie nach der Anmeldung alle Sitzungen, die Sie nicht kennen.</Paragraph>
    </EmailLayout>
  ),
});

/** The ungefähre Ort comes from free databases whose licences (CC BY 4.0, CC BY-SA 4.0) ask to be named where it is shown. */
const GEOLOCATION_CREDIT =
  "Den ungefähren Ort schätzen wir ohne Anfrage nach außen aus der IP-Adresse: IP Geolocation by DB-IP (https://db-ip.com), IP2Location LITE (https://lite.ip2location.com).";

/**
 * A login from a browser the account has not used before: the account can tell at a glance whether
 * it was them. The place is rough on purpose (Wien, a country, or the workshop's own network), the network
 * masked; the full address stays in the server's log.
 */
export const newBrowserLogin = defineTemplate<NewBrowserLoginEmail>({
  subject: "Neue Anmeldung in Ihrem Konto",
  body: (p, context) => (
    <EmailLayout title="Neue Anmeldung in Ihrem Konto">
      <Paragraph>Guten Tag {p.name},</Paragraph>
      <Paragraph>
        am {formatDateTimeVienna(p.loggedInAt)} Uhr hat sich jemand mit einem Browser in Ihr Konto im Admin-Board von {site.name}{" "}
        angemeldet, der für dieses Konto neu ist: {p.browser}
        {p.place ? `, Ort ungefähr: ${p.place}` : ""}
        {p.network ? ` (Netz ${p.network})` : ""}.
      </Paragraph>
      <Paragraph>Waren Sie das, ist nichts weiter zu tun.</Paragraph>
      {p.place ? <Paragraph>{GEOLOCATION_CREDIT}</Paragraph> : null}
      <Paragraph>
        Waren Sie das nicht? Dann kennt jemand Ihr Passwort: Beenden Sie unter „Sicherheit“ die Sitzung, die Sie nicht kennen, ändern Sie
        Ihr Passwort und sagen Sie es dem Inhaber oder der Inhaberin.
      </Paragraph>
      <ButtonLink href={new URL("/admin/sicherheit", context.adminUrl).toString()}>Sicherheit ansehen</ButtonLink>
    </EmailLayout>
  ),
});
