import type { IncomingMessage, ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { createMiddleware } from "hono/factory";
import type { ServerEnv } from "./env";

/** A middleware of Node's own kind (connect's): sirv, Vite's dev server. */
export type NodeMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Runs a Node middleware as a step of the Hono pipeline on the same Node request
 * and response (@hono/node-server's bindings). When it answers, Hono is told the
 * response is already sent (@hono/node-server's RESPONSE_ALREADY_SENT); when it
 * passes, the pipeline goes on; its error goes to the error policy.
 */
export function fromNodeMiddleware(middleware: NodeMiddleware) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const { incoming, outgoing } = c.env;
    const passed = await new Promise<boolean>((resolve, reject) => {
      outgoing.once("close", onClose);
      function onClose() {
        resolve(false);
      }
      middleware(incoming, outgoing, (error?: unknown) => {
        outgoing.off("close", onClose);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(true);
      });
      // An answer under way: the middleware writes the rest itself.
      if (outgoing.headersSent) resolve(false);
    });
    if (passed) return next();
    return RESPONSE_ALREADY_SENT;
  });
}
