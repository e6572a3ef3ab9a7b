import { Hono } from "hono";
import { retryAfter, statusOf } from "~/http-status";
import { contactFormMessages, invalidFormMessage } from "~/messages";
import { CONTACT_SENT_MESSAGE } from "~/schemas/contact";
import { contactConfig, sendContactMessage } from "~/services/contact.server";
import type { ServerEnv } from "../env";
import { jsonError } from "./answers";
import { jsonBody } from "./input";

/** The contact form's endpoint (docs/api.md). */
export const contact = new Hono<ServerEnv>();

/** POST /api/v1/contact – a message to the workshop. */
contact.post("/contact", async (c) => {
  const result = await sendContactMessage(c.get("db"), jsonBody(c), {
    now: new Date(),
    clientIp: c.get("clientIp"),
    config: await contactConfig(c.get("db")),
  });
  // A bot that filled the honeypot is answered like a sender.
  if (result.ok || result.code === "honeypot") return c.json({ status: "gesendet", message: CONTACT_SENT_MESSAGE }, 201);
  const status = statusOf(result.code);
  if (result.code === "invalid") return jsonError(c, status, invalidFormMessage(result.missingRequired), { fields: result.fields });
  return jsonError(c, status, contactFormMessages["rate-limited"], {}, retryAfter(result.retryAfterSeconds));
});
