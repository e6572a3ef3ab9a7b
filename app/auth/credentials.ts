import { z } from "zod";

const secondFactorCode = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9 -]*$/)
  .transform((value) => value || undefined);

/** E-mail and password as the login form and the login API receive them. */
export const credentialsSchema = z.object({
  // PostgreSQL text cannot hold U+0000: such an address never matches and would fail the look-up with a 500.
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((value) => !value.includes("\u0000")),
  password: z.string().min(1).max(1024),
  /** The second factor: a 6-digit TOTP code or a recovery code; empty means none. */
  code: secondFactorCode.optional(),
});

/** A code as typed: digits or a recovery code, spaces and hyphens allowed; "" counts as no code. */
export const secondFactorCodeSchema = z.object({ code: secondFactorCode });

/** Switching the second factor on or off: the account's password and a code. */
export const secondFactorPasswordAndCodeSchema = secondFactorCodeSchema.extend({ password: z.string().min(1).max(1024) });

/** The step-up before a sensitive action: the password or a code (one of them; "" counts as none). */
export const stepUpSchema = z
  .object({
    password: z
      .string()
      .max(1024)
      .optional()
      .transform((value) => value || undefined),
    code: secondFactorCode.optional(),
  })
  .refine((value) => value.password !== undefined || value.code !== undefined);

/** A base64url field of a passkey's answer, as the browser writes it (at most what a 16 KB body can hold). */
const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/);

/**
 * What a browser's passkey answers (WebAuthn's PublicKeyCredential as JSON, @simplewebauthn/browser):
 * its form only; the signature, the challenge, the origin and the relying party are checked by
 * app/auth/passkeys.server.ts.
 */
const passkeyCredentialBase = z.object({
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** The answer to a login's challenge (an assertion). */
export const passkeyAssertionSchema = passkeyCredentialBase.extend({
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** The answer to a registration's challenge (an attestation). */
export const passkeyAttestationSchema = passkeyCredentialBase.extend({
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestationSchema>;

/** A passkey's name as its account gives it: at most 60 characters; blank means "Passkey". */
export const PASSKEY_NAME_MAX = 60;
