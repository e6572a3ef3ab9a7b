import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { loginMessages } from "~/messages";
import AdminLogin from "./login";

/** The login page's code step as the server renders it (also the page without JavaScript). */
function codeStep(codeLocked: boolean): string {
  const Stub = createRoutesStub([{ id: "login", path: "/admin-login", Component: AdminLogin as never, loader: () => null }]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/admin-login"]}
      hydrationData={{ loaderData: { login: { redirectTo: "/admin", step: "code", codeLocked } } }}
    />,
  );
}

describe("the login's code step (decision 033)", () => {
  it("asks for the app's code, with the recovery code folded away", () => {
    const html = codeStep(false);
    expect(html).toContain('id="admin-code"');
    expect(html).not.toContain(loginMessages.secondFactorLocked);
    expect(html).toMatch(/<details class="[^"]*">/);
  });

  it("locked, says so and offers only the recovery code, unfolded", () => {
    const html = codeStep(true);
    expect(html).toContain(loginMessages.secondFactorLocked);
    expect(html).toContain("Geben Sie einen Ihrer Wiederherstellungscodes ein.");
    expect(html).not.toContain('id="admin-code"');
    expect(html).not.toContain("6-stelligen Code");
    expect(html).toMatch(/<details class="[^"]*" open="">/);
    expect(html).toContain('aria-describedby="admin-code-locked"');
  });
});
