import type { Route } from "./+types/second-factor-disable";
import { secondFactorPasswordAndCodeSchema } from "~/auth/credentials";
import { adminContext, databaseContext, requestContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { secondFactorRefusal } from "~/lib/second-factor-answer.server";
import { secondFactorMessages } from "~/messages";
import { disableSecondFactor } from "~/services/second-factor.server";

/** POST /api/v1/admin/2fa/disable {"password","code"} → 204; wrong password or code → 400. */
export const action = jsonPostAction(async (body, { context }: Route.ActionArgs) => {
  const parsed = secondFactorPasswordAndCodeSchema.safeParse(body);
  if (!parsed.success || !parsed.data.code) return jsonError(400, secondFactorMessages.wrongPasswordOrCode);
  const { requestId, clientIp } = context.get(requestContext);
  const result = await disableSecondFactor(context.get(databaseContext), {
    admin: context.get(adminContext),
    password: parsed.data.password,
    code: parsed.data.code,
    ip: clientIp,
    requestId,
  });
  return result.ok ? new Response(null, { status: 204 }) : secondFactorRefusal(result);
});

export const loader = postOnlyLoader;
