import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { TeamMember } from "~/services/team.server";
import AdminTeam from "./team";

const member = (id: string, name: string, secondFactorLockedAt: string | null): TeamMember => ({
  id,
  email: `${name.toLowerCase()}@happycar.example`,
  displayName: name,
  role: "staff",
  active: true,
  invitationPending: false,
  passwordChosen: true,
  secondFactor: true,
  secondFactorLockedAt,
  lastLoginAt: null,
  createdAt: "2026-11-01T08:00:00.000Z",
});

describe("the 'Team' page (decision 033)", () => {
  it("offers 'Code-Sperre aufheben' for a locked account only, with the time of the lock in Vienna", () => {
    const Stub = createRoutesStub([{ id: "team", path: "/admin/team", Component: AdminTeam as never, loader: () => null }]);
    const members = [member("a", "Lena", "2026-11-27T08:41:00.000Z"), member("b", "Max", null)];
    const html = renderToStaticMarkup(
      <Stub
        initialEntries={["/admin/team"]}
        hydrationData={{ loaderData: { team: { me: "c", members, settings: { readyEmail: false } } } }}
      />,
    );
    expect(html.match(/Code-Sperre aufheben<\/button>/g)).toHaveLength(1);
    expect(html.match(/name="intent" value="unlock-second-factor"/g)).toHaveLength(1);
    expect(html.match(/>Code gesperrt</g)).toHaveLength(1);
    expect(html).toContain("Seit 27.11.2026 09:41 Uhr nimmt die Anmeldung keine Codes");
    expect(html.indexOf("unlock-second-factor")).toBeLessThan(html.indexOf("Max"));
  });
});
