import type { Route } from "./+types/contact";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { isDatabaseUnavailable, serviceUnavailable } from "~/lib/unavailable.server";
import { CONTACT_FAILED_MESSAGE, CONTACT_SENT_MESSAGE } from "~/schemas/contact";
import { contactConfigFromEnv, contactResultStatus, sendContactMessage } from "~/services/contact.server";

export const loader = postOnlyLoader;

/** POST /api/v1/contact – a message to the workshop (docs/api.md). */
export const action = jsonPostAction(async (input, { context }: Route.ActionArgs) => {
  try {
    const result = await sendContactMessage(context.db, input, {
      now: new Date(),
      clientIp: context.clientIp,
      config: contactConfigFromEnv(),
    });
    const status = contactResultStatus[result.kind];
    switch (result.kind) {
      case "sent":
      case "honeypot":
        return Response.json({ status: "gesendet", message: CONTACT_SENT_MESSAGE }, { status });
      case "invalid":
        return jsonError(status, result.error, { fields: result.fields });
      case "rate-limited":
        return jsonError(status, result.error, {}, { "Retry-After": String(result.retryAfterSeconds) });
    }
  } catch (error) {
    // Only the database being unreachable gets here; no input leads to it.
    logger.error({ err: error, requestId: context.requestId }, "contact message failed");
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    return jsonError(503, CONTACT_FAILED_MESSAGE);
  }
});
