import type { RequestHandler } from "express";
import { jsonBody, sendJsonError } from "~/lib/json-api.server";
import { contactFormMessages } from "~/messages";
import { CONTACT_SENT_MESSAGE } from "~/schemas/contact";
import { contactConfigFromEnv, contactResultStatus, sendContactMessage } from "~/services/contact.server";

/** POST /api/v1/contact – a message to the workshop (docs/api.md). */
export const contactMessage: RequestHandler = async (req, res) => {
  const result = await sendContactMessage(res.locals.db, jsonBody(req, res), {
    now: new Date(),
    clientIp: res.locals.clientIp,
    config: contactConfigFromEnv(),
  });
  const status = contactResultStatus[result.kind];
  switch (result.kind) {
    case "sent":
    case "honeypot":
      return void res.status(status).json({ status: "gesendet", message: CONTACT_SENT_MESSAGE });
    case "invalid":
      return sendJsonError(res, status, result.error, { fields: result.fields });
    case "rate-limited":
      return sendJsonError(res, status, contactFormMessages["rate-limited"], {}, { "Retry-After": String(result.retryAfterSeconds) });
  }
};
