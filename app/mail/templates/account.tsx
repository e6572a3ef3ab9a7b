import { site } from "~/config/site";
import type { StaffInvitationEmail } from "../emails";
import { ButtonLink, EmailLayout, Paragraph } from "./layout";
import { defineTemplate, type TemplateContext } from "./template";

/** How long an invitation link works (app/services/team.server.ts). */
export const INVITATION_HOURS = 72;

const roleNames = { owner: "Inhaber/in", staff: "Mitarbeiter/in" } as const;

function invitationUrl(p: StaffInvitationEmail, context: TemplateContext): string {
  return new URL(`/admin-einladung?token=${p.token}`, context.adminUrl).toString();
}

/** To a new member of the team: a one-time link to choose a password. */
export const staffInvitation = defineTemplate<StaffInvitationEmail>({
  subject: "Einladung zum Admin-Board",
  html: (p, context) => (
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
  text: (p, context) =>
    [
      `Guten Tag ${p.name},`,
      "",
      `${p.invitedBy} hat für Sie ein Konto im Admin-Board von ${site.name} angelegt (Rolle: ${roleNames[p.role]}).`,
      `Bitte wählen Sie über diesen Link Ihr Passwort; er gilt ${INVITATION_HOURS} Stunden und nur einmal:`,
      "",
      invitationUrl(p, context),
      "",
      "Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail bitte.",
    ].join("\n"),
});
