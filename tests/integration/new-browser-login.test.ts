import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, knownBrowsers } from "~/db/schema";
import { renderEmail } from "~/mail/templates";
import { testDatabaseKinds } from "../support/databases";
import { createAdminAccount, DEFAULT_ADMIN_PASSWORD } from "../support/factories";
import { useApiApp, useTestDatabase } from "../support/fixtures";

/**
 * Issue 31: a login from a browser the account has not used before e-mails the account (time,
 * browser, rough place, masked network, a link to 'Sicherheit'); the session list shows the browser
 * in words and the masked network. Never the full address.
 */
describe.each(testDatabaseKinds)("a login from a new browser on %s", (kind) => {
  const database = useTestDatabase(kind);
  const app = useApiApp(database);
  const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
  beforeEach(async () => {
    await createAdminAccount(database.db, { email: "chef@happycar.example", displayName: "Chef", role: "owner" });
  });

  async function logIn(browserCookie: string | null, clientIp: string) {
    const response = await app.request("/api/v1/admin/login", {
      json: { email: "chef@happycar.example", password: DEFAULT_ADMIN_PASSWORD },
      cookie: browserCookie ?? undefined,
      clientIp,
      headers: { "User-Agent": FIREFOX },
    });
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie();
    const browser = cookies.find((cookie) => cookie.startsWith("__Host-hc_browser=") || cookie.startsWith("hc_browser="));
    const session = cookies.find((cookie) => cookie.includes("hc_admin="));
    return { browser: browser!.split(";")[0]!, session: session!.split(";")[0]! };
  }

  const newBrowserMails = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.template, "new-browser-login"));

  it("the first login is no news; the same browser again neither; another browser e-mails the account", async () => {
    const first = await logIn(null, "81.217.12.34");
    expect(first.browser).toMatch(/hc_browser=[A-Za-z0-9_-]{43}$/);
    expect(await newBrowserMails()).toEqual([]);
    const again = await logIn(first.browser, "81.217.12.34");
    expect(again.browser).toBe(first.browser);
    expect(await newBrowserMails()).toEqual([]);
    // Only the cookie's hash is kept.
    const stored = await database.db.select().from(knownBrowsers);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.browserHash).not.toContain(first.browser.split("=")[1]!);

    const stranger = await logIn(null, "81.217.99.7");
    expect(stranger.browser).not.toBe(first.browser);
    const [mail] = await newBrowserMails();
    expect(mail).toMatchObject({ recipient: "chef@happycar.example" });
    const rendered = renderEmail({ ...mail!, createdAt: new Date() }, "https://www.happycar.example");
    expect(rendered.subject).toBe("Neue Anmeldung in Ihrem Konto");
    expect(rendered.text).toContain("Firefox auf Windows");
    expect(rendered.text).toContain("Ort ungefähr: Österreich");
    expect(rendered.text).toContain("Netz 81.217.99.x");
    expect(rendered.text).toContain("https://www.happycar.example/admin/sicherheit");
    expect(rendered.html + rendered.text + JSON.stringify(mail)).not.toContain("81.217.99.7");
    // The stranger's browser is known from now on: its next login sends nothing more.
    await logIn(stranger.browser, "81.217.99.7");
    expect(await newBrowserMails()).toHaveLength(1);
  });

  it("a login from Vienna names the city, with the databases' credit; one from elsewhere in Austria the country", async () => {
    await logIn(null, "81.217.12.34");
    await logIn(null, "193.170.62.10");
    await logIn(null, "2001:628:1:2::3");
    const texts = (await newBrowserMails()).map(
      (mail) => renderEmail({ ...mail, createdAt: new Date() }, "https://www.happycar.example").text,
    );
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toContain("Ort ungefähr: Wien");
      expect(text).toContain("IP Geolocation by DB-IP (https://db-ip.com)");
      expect(text).not.toContain("193.170.62.10");
    }
  });

  it("the session list names the browser and the masked network, never the address", async () => {
    const { session } = await logIn(null, "2a02:8388:1234:5678::1");
    const listed = await app.request("/api/v1/admin/sessions", { cookie: session });
    const body = (await listed.json()) as { sessions: { userAgent: string; network: string | null }[] };
    expect(body.sessions).toEqual([expect.objectContaining({ userAgent: FIREFOX, network: "2a02:8388:1234::/48" })]);
    expect(JSON.stringify(body)).not.toContain("5678");
  });
});
