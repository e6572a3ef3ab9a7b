import { zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { passkeyAssertionSchema, passkeyAttestationSchema, secondFactorCodeSchema } from "~/auth/credentials";
import { browserCookie, browserIdFrom } from "~/auth/known-browsers.server";
import { loginWithPasskey, passkeyLoginOptions } from "~/auth/login.server";
import { relyingParty } from "~/auth/passkeys.server";
import { sessionCookie } from "~/auth/session.server";
import { statusOf } from "~/http-status";
import { loginMessages, passkeyMessages } from "~/messages";
import { finishPasskeyRegistration, listPasskeys, passkeyName, removePasskey, startPasskeyRegistration } from "~/services/passkeys.server";
import type { ServerEnv } from "../env";
import { jsonError, loginThrottled, passkeyRefusal } from "./answers";
import { jsonObject, refuseInvalid } from "./input";

/*
 * Passkeys (docs/api.md, decision 034), in three sub-apps by what they need, mounted by
 * server/api/index.ts around the admin guard like the account's own (account.ts): the login with
 * a passkey needs no session; adding one needs a session, also one still without the second
 * factor the owner requires (a passkey is one); the list and removing one the full board.
 */

/** The site's relying party: PUBLIC_URL's origin, else the request's (the pipeline's `siteOrigin`). */
function relyingPartyOf(c: Context<ServerEnv>) {
  return relyingParty(c.get("siteOrigin") ?? new URL(c.req.url).origin);
}

/** No session needed. */
export const passkeyLogin = new Hono<ServerEnv>();

/** POST /api/v1/admin/login/passkey/options {} → 200 the browser's options (a challenge of 5 minutes); 429 while the IP is blocked. */
passkeyLogin.post("/login/passkey/options", jsonObject, async (c) => {
  const result = await passkeyLoginOptions(c.get("db"), { rp: relyingPartyOf(c), ip: c.get("clientIp") });
  if (!result.ok) return loginThrottled(c, result);
  return c.json(result.value);
});

/** POST /api/v1/admin/login/passkey {"credential"} → 204 with the session cookie; 401 for any refusal; 429 like the password login. */
passkeyLogin.post(
  "/login/passkey",
  jsonObject,
  zValidator("json", z.object({ credential: passkeyAssertionSchema }), refuseInvalid(400, passkeyMessages.credentialInvalid)),
  async (c) => {
    const result = await loginWithPasskey(c.get("db"), {
      credential: c.req.valid("json").credential,
      rp: relyingPartyOf(c),
      ip: c.get("clientIp"),
      requestId: c.get("requestId"),
      userAgent: c.req.header("user-agent") ?? null,
      browserId: browserIdFrom(c.req.header("cookie")),
    });
    if (result.ok) {
      c.header("Set-Cookie", sessionCookie(result.value.sessionId), { append: true });
      c.header("Set-Cookie", browserCookie(result.value.browserId), { append: true });
      return c.body(null, 204);
    }
    if (result.code === "throttled") return loginThrottled(c, result);
    return jsonError(c, statusOf(result.code), loginMessages.passkeyRefused);
  },
);

/** A session needed, but not yet the second factor: a passkey is one. */
export const passkeyEnrolment = new Hono<ServerEnv>();

/** POST /api/v1/admin/passkeys/options {"password"} → 200 the browser's options for a new passkey; 400 for a wrong password. */
passkeyEnrolment.post(
  "/passkeys/options",
  jsonObject,
  zValidator("json", z.object({ password: z.string().min(1).max(1024) }), refuseInvalid(400, passkeyMessages.passwordMissing)),
  async (c) => {
    const { admin, clientIp, requestId } = c.var;
    const result = await startPasskeyRegistration(c.get("db"), {
      admin,
      password: c.req.valid("json").password,
      rp: relyingPartyOf(c),
      ip: clientIp,
      requestId,
    });
    if (!result.ok) return passkeyRefusal(c, result);
    return c.json(result.value);
  },
);

const registrationSchema = z.object({
  name: z.string().max(1000).optional(),
  credential: passkeyAttestationSchema,
});

/** POST /api/v1/admin/passkeys {"name"?,"credential"} → 201 {"id","name","createdAt","lastUsedAt"}; 400 when it does not verify; 409 when registered. */
passkeyEnrolment.post(
  "/passkeys",
  jsonObject,
  zValidator("json", registrationSchema, refuseInvalid(400, passkeyMessages.credentialInvalid)),
  async (c) => {
    const { admin, clientIp, requestId } = c.var;
    const input = c.req.valid("json");
    const name = passkeyName(input.name);
    if (name === null) return jsonError(c, 400, passkeyMessages.nameInvalid);
    const result = await finishPasskeyRegistration(c.get("db"), {
      admin,
      credential: input.credential,
      name,
      rp: relyingPartyOf(c),
      ip: clientIp,
      requestId,
    });
    if (!result.ok) return passkeyRefusal(c, result);
    return c.json(result.value, 201);
  },
);

/** A full session whose account has the second factor the owner requires. */
export const passkeys = new Hono<ServerEnv>();

/** GET /api/v1/admin/passkeys → 200 {"passkeys": [{"id","name","createdAt","lastUsedAt"}]}: the account's own. */
passkeys.get("/passkeys", async (c) => {
  return c.json({ passkeys: await listPasskeys(c.get("db"), c.get("admin")) });
});

const removalSchema = z
  .object({ password: z.string().min(1).max(1024).optional() })
  .extend(secondFactorCodeSchema.partial().shape)
  .refine((input) => input.password !== undefined || input.code !== undefined);

/** DELETE /api/v1/admin/passkeys/:id {"password"} or {"code"} → 204; 400 wrong; 404 not the account's; 409 its last factor while required. */
passkeys.delete(
  "/passkeys/:id",
  jsonObject,
  zValidator("json", removalSchema, refuseInvalid(400, passkeyMessages.passwordOrCodeMissing)),
  async (c) => {
    const { admin, clientIp, requestId } = c.var;
    const result = await removePasskey(c.get("db"), { admin, id: c.req.param("id"), ...c.req.valid("json"), ip: clientIp, requestId });
    if (!result.ok) return passkeyRefusal(c, result);
    return c.body(null, 204);
  },
);
