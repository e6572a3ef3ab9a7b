import type { Route } from "./+types/second-factor-enable";
import { secondFactorPasswordAndCodeSchema } from "~/auth/credentials";
import { adminContext, databaseContext, requestContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { secondFactorRefusal } from "~/lib/second-factor-answer.server";
import { secondFactorMessages } from "~/messages";
import { enableSecondFactor } from "~/services/second-factor.server";

/** POST /api/v1/admin/2fa/enable {"password","code"} → 200 {"recoveryCodes": [10]}; a wrong password or code → 400. */
export const action = jsonPostAction(async (body, { context }: Route.ActionArgs) => {
  const parsed = secondFactorPasswordAndCodeSchema.safeParse(body);
  if (!parsed.success || !parsed.data.code) return jsonError(400, secondFactorMessages.wrongPasswordOrCode);
  const { requestId, clientIp } = context.get(requestContext);
  const result = await enableSecondFactor(context.get(databaseContext), {
    admin: context.get(adminContext),
    password: parsed.data.password,
    code: parsed.data.code,
    ip: clientIp,
    requestId,
  });
  return result.ok ? Response.json(result.value) : secondFactorRefusal(result);
});

export const loader = postOnlyLoader;
