import { z } from "zod";

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
});

export const missingCredentialsMessage = "Bitte geben Sie E-Mail-Adresse und Passwort ein.";
