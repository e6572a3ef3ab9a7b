import { z } from "zod";
import type { Route } from "./+types/second-factor-policy";
import { adminContext, databaseContext } from "~/context";
import { jsonError, jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { secondFactorRefusal } from "~/lib/second-factor-answer.server";
import { secondFactorMessages } from "~/messages";
import { setSecondFactorRequired } from "~/services/second-factor.server";

const policySchema = z.object({ required: z.boolean() });

/** POST /api/v1/admin/2fa/policy {"required": true|false} (owner) → 200 {"required"}. */
export const action = jsonPostAction(async (body, { context }: Route.ActionArgs) => {
  const parsed = policySchema.safeParse(body);
  if (!parsed.success) return jsonError(400, secondFactorMessages.policyInvalid);
  const result = await setSecondFactorRequired(context.get(databaseContext), {
    admin: context.get(adminContext),
    required: parsed.data.required,
  });
  return result.ok ? Response.json(result.value) : secondFactorRefusal(result);
});

export const loader = postOnlyLoader;
