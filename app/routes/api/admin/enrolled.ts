import type { Route } from "./+types/enrolled";
import { enrolledApiOnly } from "~/auth/guard.server";

/** The board's endpoints: 403 for an account that must first set up its second factor. */
export const middleware: Route.MiddlewareFunction[] = [enrolledApiOnly];
