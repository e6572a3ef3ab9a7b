import crypto from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { knownBrowsers } from "~/db/schema";
import { maskedAddress } from "~/lib/client-network";
import { roughPlace } from "~/lib/rough-place.server";
import { sessionDevice } from "~/lib/session-device";
import { enqueueEmail } from "~/mail/outbox.server";
import { placeName } from "~/messages";
import { readCookie } from "./cookies";
import { type SessionPolicy, sessionPolicy } from "./session.server";

/**
 * The browsers an account has logged in from (issue 31): a random id in a long-lived cookie, only
 * its hash in `known_browsers`. A login from a browser the account has not used before e-mails the
 * account; the cookie is the browser's own, so clearing it counts as a new browser (one e-mail too many
 * rather than one too few). Not a login factor: it decides only whether to tell the account.
 */

/** Chrome keeps a cookie at most 400 days; the others as long as asked. */
const BROWSER_COOKIE_MAX_AGE = 400 * 24 * 3600;

export function browserCookieName(policy: Pick<SessionPolicy, "secureCookie"> = sessionPolicy()): string {
  return policy.secureCookie ? "__Host-hc_browser" : "hc_browser";
}

export function browserCookie(id: string, policy: Pick<SessionPolicy, "secureCookie"> = sessionPolicy()): string {
  return `${browserCookieName(policy)}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BROWSER_COOKIE_MAX_AGE}${policy.secureCookie ? "; Secure" : ""}`;
}

/** The browser's id from the Cookie header, when it carries a plausible one. */
export function browserIdFrom(
  cookieHeader: string | null | undefined,
  policy: Pick<SessionPolicy, "secureCookie"> = sessionPolicy(),
): string | null {
  const id = readCookie(cookieHeader, browserCookieName(policy));
  return id && /^[A-Za-z0-9_-]{43}$/.test(id) ? id : null;
}

const hashOf = (id: string) => crypto.createHash("sha256").update(id).digest("hex");

export type BrowserLogin = {
  account: { id: string; email: string; displayName: string };
  /** The id of the browser's cookie, null when it sent none. */
  browserId: string | null;
  userAgent?: string | null;
  ip: string;
  now: Date;
};

/**
 * Records a successful login's browser, in the login's transaction; e-mails the account when the
 * browser is new to it and the account has logged in from another browser before (its very first
 * login, right after choosing the password, is no news). Answers the browser's id, new when it sent
 * none, for the cookie.
 */
export async function recordBrowserLogin(tx: Executor, login: BrowserLogin): Promise<string> {
  const browserId = login.browserId ?? crypto.randomBytes(32).toString("base64url");
  const browserHash = hashOf(browserId);
  const known = await tx
    .update(knownBrowsers)
    .set({ lastSeenAt: login.now })
    .where(and(eq(knownBrowsers.userId, login.account.id), eq(knownBrowsers.browserHash, browserHash)))
    .returning({ userId: knownBrowsers.userId });
  if (known.length > 0) return browserId;
  const [before] = await tx.select({ browsers: count() }).from(knownBrowsers).where(eq(knownBrowsers.userId, login.account.id));
  await tx
    .insert(knownBrowsers)
    .values({ userId: login.account.id, browserHash, firstSeenAt: login.now, lastSeenAt: login.now })
    .onConflictDoNothing();
  if ((before?.browsers ?? 0) > 0) {
    await enqueueEmail(tx, {
      recipient: login.account.email,
      template: "new-browser-login",
      params: {
        name: login.account.displayName,
        loggedInAt: login.now.toISOString(),
        browser: sessionDevice(login.userAgent ?? null),
        place: placeName(await roughPlace(login.ip)),
        network: maskedAddress(login.ip),
      },
    });
  }
  return browserId;
}
