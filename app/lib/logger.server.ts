import pino from "pino";
import { env } from "~/config/env.server";

/**
 * One logger for the process. Customer contact data never reaches it in
 * clear: redact covers the usual field names, maskEmail/maskPhone the rest.
 */
export const logger = pino({
  level: env().NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : env().LOG_LEVEL,
  redact: {
    paths: [
      "email",
      "*.email",
      "phone",
      "*.phone",
      "password",
      "*.password",
      "token",
      "*.token",
      "req.headers.cookie",
      "req.headers.authorization",
    ],
    censor: "[redacted]",
  },
});

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}
