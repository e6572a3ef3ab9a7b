import { z } from "zod";

/** E-mail and password as the login form and the login API receive them. */
export const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export const missingCredentialsMessage = "Bitte geben Sie E-Mail-Adresse und Passwort ein.";
