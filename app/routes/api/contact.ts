import type { Route } from "./+types/contact";
import { databaseContext, requestContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { contactFormMessages } from "~/messages";
import { CONTACT_SENT_MESSAGE } from "~/schemas/contact";
import { contactConfigFromEnv, contactResultStatus, sendContactMessage } from "~/services/contact.server";

export const loader = postOnlyLoader;

/** POST /api/v1/contact – a message to the workshop (docs/api.md). */
export const action = jsonPostAction(async (input, { context }: Route.ActionArgs) => {
  const result = await sendContactMessage(context.get(databaseContext), input, {
    now: new Date(),
    clientIp: context.get(requestContext).clientIp,
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
      return jsonError(status, contactFormMessages["rate-limited"], {}, { "Retry-After": String(result.retryAfterSeconds) });
  }
});
