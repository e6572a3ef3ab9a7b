import crypto from "node:crypto";
import type * as WebAuthn from "@simplewebauthn/server";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import { site } from "~/config/site";
import type { Executor } from "~/db/client.server";
import { passkeyChallenges, passkeys } from "~/db/schema";
import type { PasskeyChallengePurpose } from "~/domain/admin";
import type { PasskeyAssertion, PasskeyAttestation } from "./credentials";
import type { AdminIdentity } from "./session.server";

/**
 * Passkeys (WebAuthn Level 3, decision 034) with @simplewebauthn/server: the relying party, the
 * challenges in the database, and the two ceremonies' checks. A passkey is discoverable (resident
 * key required), so the login needs no e-mail address, and verifies its user (PIN, fingerprint,
 * face), so it counts as both factors. What a passkey may do is decided elsewhere: the login in
 * login.server.ts, adding and removing one in app/services/passkeys.server.ts.
 */

/** A ceremony's challenge is good for five minutes, and for one answer. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;

/**
 * Who the passkeys belong to: the site's origin (PUBLIC_URL's, else the one the request was sent to,
 * as the same-origin check takes it: `http://localhost:3000` in development), and its host as the
 * relying party's id. A passkey made for one host never answers another's challenge.
 */
export type RelyingParty = { id: string; name: string; origin: string };

export function relyingParty(siteOrigin: string): RelyingParty {
  const url = new URL(siteOrigin);
  return { id: url.hostname, name: site.name, origin: url.origin };
}

/** Bytes as the library takes them (a Uint8Array of its own ArrayBuffer). */
function bytes(text: string, encoding: "hex" | "base64url"): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(text, encoding));
}

/** The account's id as the user handle the authenticator keeps (16 bytes, never the address). */
function userHandleOf(accountId: string): Uint8Array<ArrayBuffer> {
  return bytes(accountId.replaceAll("-", ""), "hex");
}

/** A new challenge (32 random bytes, base64url), stored for `purpose`; expired ones go at the same time. */
async function issueChallenge(db: Executor, purpose: PasskeyChallengePurpose, userId: string | null, now: Date): Promise<string> {
  const challenge = crypto.randomBytes(32).toString("base64url");
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db
    .insert(passkeyChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS), createdAt: now });
  return challenge;
}

/**
 * The challenge a browser's answer signed, read from its clientDataJSON (unchecked: the
 * verification compares it with the one spent), or null when the answer holds none.
 */
export function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Spends a challenge: one statement deletes it when it is unexpired, for `purpose` and, for a
 * registration, of this account. True only for the one request that deleted it, so an answer
 * counts once, also when two instances receive it at the same moment.
 */
export async function spendChallenge(
  db: Executor,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, now),
        userId ? eq(passkeyChallenges.userId, userId) : undefined,
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return spent.length === 1;
}

export type StoredPasskey = typeof passkeys.$inferSelect;

export async function accountPasskeys(db: Executor, userId: string): Promise<StoredPasskey[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function passkeyByCredentialId(db: Executor, credentialId: string): Promise<StoredPasskey | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Whether the account has a passkey: it then has a second factor (the owner's requirement, the login). */
export async function hasPasskey(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * The options of a new passkey for `admin`: a discoverable credential that verifies its user,
 * none of the account's passkeys again (excludeCredentials), no attestation asked for.
 */
export async function registrationOptions(
  db: Executor,
  admin: AdminIdentity,
  rp: RelyingParty,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await accountPasskeys(db, admin.id);
  const challenge = await issueChallenge(db, "registration", admin.id, now);
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin.email,
    userDisplayName: admin.displayName,
    userID: userHandleOf(admin.id),
    challenge: bytes(challenge, "base64url"),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
}

/**
 * The library, loaded at its first use: with its ASN.1 and CBOR parsers it would add about a second
 * of CPU to every start of the server and of every `npm run` command that never touches a passkey.
 */
const webauthn = () => import("@simplewebauthn/server");

/**
 * The signatures a passkey may use (COSE ids): EdDSA (-8), ES256 (-7) and RSASSA-PSS (-37). Not the
 * library's default RS256 (-257, RSASSA-PKCS1-v1_5), which ASVS 5.0 (11.6.1, Appendix C) disallows;
 * the price: some Windows Hello TPM authenticators that offer only RS256 cannot be added.
 */
const PASSKEY_ALGORITHMS = [-8, -7, -37];

export type VerifiedNewPasskey = { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] };

/**
 * Checks a new passkey's answer: the challenge (spent here, so once), the origin, the relying party,
 * the user's presence and verification, and its public key. Null when any of it fails.
 */
export async function verifyNewPasskey(
  db: Executor,
  admin: AdminIdentity,
  credential: PasskeyAttestation,
  rp: RelyingParty,
  now: Date,
): Promise<VerifiedNewPasskey | null> {
  const challenge = answeredChallenge(credential.response.clientDataJSON);
  if (!challenge || !(await spendChallenge(db, challenge, "registration", admin.id, now))) return null;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    const verification = await verifyRegistrationResponse({
      response: credential as Parameters<typeof WebAuthn.verifyRegistrationResponse>[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    if (!verification.verified) return null;
    const { credential: made } = verification.registrationInfo;
    return {
      credentialId: made.id,
      publicKey: made.publicKey,
      counter: made.counter,
      transports: credential.response.transports ?? [],
    };
  } catch {
    // A malformed or forged answer: the library throws with its reason, which the refusal needs not tell.
    return null;
  }
}

/** The options of a login: any of the site's passkeys (discoverable, so no list of credentials), the user verified. */
export async function loginOptions(db: Executor, rp: RelyingParty, now: Date): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = await issueChallenge(db, "login", null, now);
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: bytes(challenge, "base64url"),
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: "required",
  });
}

/**
 * Checks a login's answer with `passkey`: the signature over the spent challenge, the origin, the
 * relying party, the user verified, and a signature counter that went up (unless the authenticator
 * keeps none: 0 both times). The new counter and the time of use are stored by one conditional
 * update, so of two answers with the same counter only one logs in. The challenge must have been
 * spent by the caller. False when anything fails.
 */
export async function verifyPasskeyAssertion(
  db: Executor,
  passkey: StoredPasskey,
  credential: PasskeyAssertion,
  challenge: string,
  rp: RelyingParty,
  now: Date,
): Promise<boolean> {
  let newCounter: number;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    const verification = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof WebAuthn.verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter },
      requireUserVerification: true,
    });
    if (!verification.verified) return false;
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  const used = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(eq(passkeys.id, passkey.id), or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter}::bigint = 0`))),
    )
    .returning({ id: passkeys.id });
  return used.length === 1;
}
