import type { Route } from "./+types/second-factor-setup";
import { adminContext, databaseContext } from "~/context";
import { jsonPostAction, postOnlyLoader } from "~/lib/http.server";
import { secondFactorRefusal } from "~/lib/second-factor-answer.server";
import { startEnrolment } from "~/services/second-factor.server";

/** POST /api/v1/admin/2fa/setup → 200 {"secret","otpauthUrl"}; 409 when the factor is already on. */
export const action = jsonPostAction(async (_body, { context }: Route.ActionArgs) => {
  const result = await startEnrolment(context.get(databaseContext), context.get(adminContext));
  return result.ok ? Response.json(result.value) : secondFactorRefusal(result);
});

export const loader = postOnlyLoader;
