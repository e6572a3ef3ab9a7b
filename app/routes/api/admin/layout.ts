import type { Route } from "./+types/layout";
import { adminApiGuard } from "~/auth/guard.server";

/** Every admin endpoint below requires a session (401 otherwise) and answers `no-store`. */
export const middleware: Route.MiddlewareFunction[] = [adminApiGuard];
