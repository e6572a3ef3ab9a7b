import { enrolledPagesOnly } from "~/auth/guard.server";
import type { Route } from "./+types/enrolled";

/** The board's pages: an account that must first set up its second factor is sent to 'Sicherheit'. */
export const middleware: Route.MiddlewareFunction[] = [enrolledPagesOnly];
