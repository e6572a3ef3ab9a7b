import { data, Form, useNavigation } from "react-router";
import { stepUpRedirect } from "~/auth/guard.server";
import { ResultMessage } from "~/components/admin/action-result";
import type { AdminRouteHandle } from "~/components/admin/load-error";
import { isOwnerOnly, type OwnerOnlyData, OwnerOnlyPage } from "~/components/admin/owner-only";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label, NativeSelect } from "~/components/ui/form-controls";
import { adminContext, databaseContext } from "~/context";
import { MIN_PASSWORD_LENGTH } from "~/domain/admin";
import { isAdminRole } from "~/domain/admin";
import { fail } from "~/domain/result";
import { statusOf } from "~/http-status";
import { formatDateTimeVienna } from "~/lib/format-date-time";
import { readFormFields } from "~/lib/http.server";
import { refusalMessage, settingsMessages, teamMessages } from "~/messages";
import { readBoardSettings, setReadyEmail } from "~/services/board-settings.server";
import {
  addTeamMember,
  changeTeamMember,
  endTeamMemberSessions,
  listTeam,
  newMemberSchema,
  resendInvitation,
  type TeamResult,
  unlockTeamMemberSecondFactor,
} from "~/services/team.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => [
  { title: "Team – Admin-Board – Happy Car" },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: AdminRouteHandle = { loadFailure: "Das Team konnte nicht geladen werden." };

const roleNames = { owner: "Inhaber/in", staff: "Mitarbeiter/in" } as const;

/** Only an owner sees the team (and the board's settings); staff get 403 with the German reason, shown inside the board. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const db = context.get(databaseContext);
  const team = await listTeam(db, admin, new Date());
  if (!team.ok) return data<OwnerOnlyData>({ ownerOnly: teamMessages.ownerOnlyPage }, { status: statusOf("ownerOnly") });
  return { me: admin.id, members: team.value, settings: await readBoardSettings(db) };
}

type TeamActionData = { ok: boolean; message: string };

/** A team change's answer; one that needs the password or a code again goes to the confirmation page first. */
function teamAnswer(request: Request, result: TeamResult<unknown>, success: string) {
  if (result.ok) return data<TeamActionData>({ ok: true, message: success });
  if (result.code === "stepUpRequired") throw stepUpRedirect(request);
  return data<TeamActionData>({ ok: false, message: refusalMessage(result, teamMessages) }, { status: statusOf(result.code) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readFormFields({ request, context });
  if ("bodyError" in body) return data<TeamActionData>({ ok: false, message: body.bodyError.message }, { status: body.bodyError.status });
  const form = body.fields;
  const db = context.get(databaseContext);
  const actor = context.get(adminContext);
  const now = new Date();
  const id = form.id ?? "";
  const answer = (result: TeamResult<unknown>, success: string) => teamAnswer(request, result, success);
  switch (form.intent) {
    case "add": {
      const member = newMemberSchema.safeParse({ ...form, password: form.password || undefined });
      if (!member.success) {
        const field = member.error.issues[0]?.path[0];
        return answer(fail(field === "name" ? "invalidName" : "invalidEmail"), "");
      }
      const result = await addTeamMember(db, { actor, member: member.data, now });
      return answer(result, result.ok && result.value.invited ? teamMessages.invited : teamMessages.created);
    }
    case "role":
      if (!isAdminRole(form.role)) return answer(fail("notFound"), "");
      return answer(await changeTeamMember(db, { actor, id, role: form.role, now }), teamMessages.updated);
    case "deactivate":
    case "activate":
      return answer(await changeTeamMember(db, { actor, id, active: form.intent === "activate", now }), teamMessages.updated);
    case "reinvite":
      return answer(await resendInvitation(db, { actor, id, now }), teamMessages.reinvited);
    case "end-sessions":
      return answer(await endTeamMemberSessions(db, { actor, id, now }), teamMessages.sessionsEnded);
    case "unlock-second-factor":
      return answer(await unlockTeamMemberSecondFactor(db, { actor, id, now }), teamMessages.secondFactorUnlocked);
    case "ready-email": {
      const readyEmail = form.readyEmail === "on";
      const result = await setReadyEmail(db, { admin: actor, readyEmail, now });
      if (!result.ok && result.code === "stepUpRequired") throw stepUpRedirect(request);
      if (!result.ok) return data<TeamActionData>({ ok: false, message: settingsMessages[result.code] }, { status: statusOf(result.code) });
      return data<TeamActionData>({ ok: true, message: readyEmail ? settingsMessages.readyEmailOn : settingsMessages.readyEmailOff });
    }
    default:
      return answer(fail("notFound"), "");
  }
}

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (isOwnerOnly(loaderData)) return <OwnerOnlyPage reason={loaderData.ownerOnly} />;
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">Team</h2>
      <ResultMessage result={actionData} />
      <Card>
        <CardHeader>
          <CardTitle>Konten</CardTitle>
          <CardDescription>
            Mitarbeiter/innen sehen alles, bestätigen, stornieren, notieren und setzen den Fortschritt; löschen, Schließtage, Konten,
            Einstellungen und Export sind dem Inhaber oder der Inhaberin vorbehalten.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-4" aria-label="Konten">
            {loaderData.members.map((member) => (
              <li key={member.id} className="grid gap-3 rounded-lg border border-border p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{member.displayName}</span>
                  <span className="break-all text-sm text-muted-foreground">{member.email}</span>
                  <Badge>{roleNames[member.role]}</Badge>
                  {!member.active ? <Badge>deaktiviert</Badge> : null}
                  {member.invitationPending ? <Badge>eingeladen</Badge> : null}
                  {member.secondFactor ? <Badge>2FA</Badge> : null}
                  {member.secondFactorLockedAt ? <Badge>Code gesperrt</Badge> : null}
                  {member.id === loaderData.me ? <Badge>Sie</Badge> : null}
                </div>
                <p className="text-sm text-muted-foreground">
                  Letzte Anmeldung: {member.lastLoginAt ? formatDateTimeVienna(member.lastLoginAt) : "noch nie"}
                </p>
                {member.secondFactorLockedAt ? (
                  <p className="text-sm">{teamMessages.secondFactorLockedNote(formatDateTimeVienna(member.secondFactorLockedAt))}</p>
                ) : null}
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={member.id} />
                    <div className="grid gap-1">
                      <Label htmlFor={`role-${member.id}`}>Rolle</Label>
                      <NativeSelect id={`role-${member.id}`} name="role" defaultValue={member.role} className="w-44">
                        <option value="owner">{roleNames.owner}</option>
                        <option value="staff">{roleNames.staff}</option>
                      </NativeSelect>
                    </div>
                    <Button type="submit" variant="outline" disabled={busy}>
                      Rolle ändern
                    </Button>
                  </Form>
                  <MemberAction intent={member.active ? "deactivate" : "activate"} id={member.id} busy={busy}>
                    {member.active ? "Deaktivieren" : "Wieder aktivieren"}
                  </MemberAction>
                  {!member.passwordChosen && member.active ? (
                    <MemberAction intent="reinvite" id={member.id} busy={busy}>
                      Einladung erneut senden
                    </MemberAction>
                  ) : null}
                  <MemberAction intent="end-sessions" id={member.id} busy={busy}>
                    Alle Sitzungen beenden
                  </MemberAction>
                  {member.secondFactorLockedAt ? (
                    <MemberAction intent="unlock-second-factor" id={member.id} busy={busy}>
                      Code-Sperre aufheben
                    </MemberAction>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <ReadyEmailSetting enabled={loaderData.settings.readyEmail} busy={busy} />
      <Card>
        <CardHeader>
          <CardTitle>Konto hinzufügen</CardTitle>
          <CardDescription>
            Ohne Passwort bekommt die Person eine Einladung per E-Mail (72 Stunden gültig) und wählt ihr Passwort selbst.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid max-w-md gap-3">
            <input type="hidden" name="intent" value="add" />
            <Label htmlFor="member-name">Name</Label>
            <Input id="member-name" name="name" autoComplete="off" maxLength={100} required />
            <Label htmlFor="member-email">E-Mail</Label>
            <Input id="member-email" name="email" type="email" autoComplete="off" required />
            <Label htmlFor="member-role">Rolle</Label>
            <NativeSelect id="member-role" name="role" defaultValue="staff">
              <option value="staff">{roleNames.staff}</option>
              <option value="owner">{roleNames.owner}</option>
            </NativeSelect>
            <Label htmlFor="member-password">Anfangspasswort (optional, mindestens {MIN_PASSWORD_LENGTH} Zeichen)</Label>
            <Input id="member-password" name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} />
            <Button type="submit" disabled={busy}>
              Konto anlegen
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

/** The owner's switch for the customer's e-mail when the board sets 'Abholbereit' (issue 16). */
function ReadyEmailSetting({ enabled, busy }: { enabled: boolean; busy: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-Mail bei „Abholbereit“ senden</CardTitle>
        <CardDescription>
          Setzt das Team bei einem Termin „Abholbereit“, bekommt die Kundin oder der Kunde eine kurze E-Mail mit den Öffnungszeiten.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="ready-email" />
          <input type="hidden" name="readyEmail" value={enabled ? "off" : "on"} />
          <p className="text-sm">{enabled ? "Derzeit eingeschaltet." : "Derzeit ausgeschaltet."}</p>
          <Button type="submit" variant="outline" disabled={busy}>
            {enabled ? "Ausschalten" : "Einschalten"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** One of an account's buttons on its card: a plain form post with the account's id, also without JavaScript. */
function MemberAction({ intent, id, busy, children }: { intent: string; id: string; busy: boolean; children: React.ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}
