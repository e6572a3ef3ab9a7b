import type { Route } from "./+types/layout";
import { jsonErrorPolicy } from "~/lib/error-policy.server";

/** Every JSON endpoint: a failure is answered in German JSON with the request id (app/lib/error-policy.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [jsonErrorPolicy];
