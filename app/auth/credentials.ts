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
