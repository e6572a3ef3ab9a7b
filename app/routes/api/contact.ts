import { type ApiContext, jsonBody, jsonError } from "~/lib/json-api.server";
import { contactFormMessages } from "~/messages";
import { CONTACT_SENT_MESSAGE } from "~/schemas/contact";
import { contactConfigFromEnv, contactResultStatus, sendContactMessage } from "~/services/contact.server";

/** POST /api/v1/contact – a message to the workshop (docs/api.md). */
export async function contactMessage(c: ApiContext): Promise<Response> {
  const result = await sendContactMessage(c.get("db"), jsonBody(c), {
    now: new Date(),
    clientIp: c.get("clientIp"),
    config: contactConfigFromEnv(),
  });
  const status = contactResultStatus[result.kind];
  switch (result.kind) {
    case "sent":
    case "honeypot":
      return c.json({ status: "gesendet", message: CONTACT_SENT_MESSAGE }, status);
    case "invalid":
      return jsonError(c, status, result.error, { fields: result.fields });
    case "rate-limited":
      return jsonError(c, status, contactFormMessages["rate-limited"], {}, { "Retry-After": String(result.retryAfterSeconds) });
  }
}
