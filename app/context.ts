import type { HttpBindings } from "@hono/node-server";
import { createContext } from "react-router";
import type { AdminIdentity } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import type { RequestBodyError } from "~/lib/http.server";

/**
 * The typed request context (React Router middleware). server/app.ts sets the
 * database and the request's facts for every page request; the pages' admin guard sets
 * the logged-in account on the admin routes.
 */
export const databaseContext = createContext<Database>();

export type RequestFacts = {
  requestId: string;
  /** The client's address under TRUST_PROXY (server/forwarded.ts). */
  clientIp: string;
  /** The CSP nonce of this response; empty while pages are prerendered at build time. */
  cspNonce: string;
};

/** Pages prerendered at build time (react-router.config.ts) have no request. */
export const requestContext = createContext<RequestFacts>({ requestId: "", clientIp: "", cspNonce: "" });

/** Set by the pages' admin guard (app/auth/guard.server.ts) on every admin page. */
export const adminContext = createContext<AdminIdentity>();

/** Set by the admin guard: the owner requires a second factor this account has not set up yet. */
export const enrolmentContext = createContext<boolean>(false);

/** What went wrong in a loader or action, noted by entry.server's handleError for the error policy. */
export type Failure = { kind: "outage" | "unexpected" };
export const failureContext = createContext<Failure | null>(null);

/** The request body as the root middleware read it (app/lib/http.server.ts), or why it was refused. */
export const requestBodyContext = createContext<{ bytes: Uint8Array<ArrayBuffer> } | { error: RequestBodyError }>({
  bytes: new Uint8Array(new ArrayBuffer(0)),
});

/**
 * Hono's typed request state (server/app.ts), the counterpart of the context above for what the
 * server answers itself: the pipeline sets the request's facts, the JSON API's router the database
 * (app/routes/api/router.server.ts), its admin guard the account (app/auth/guard.server.ts).
 */
export type ServerVariables = RequestFacts & {
  db: Database;
  /** The request body as the API's router read it (app/lib/json-api.server.ts), or why it was refused. */
  body?: { bytes: Uint8Array } | { error: RequestBodyError };
  /** Set by the API's admin guard: read only in handlers below it (app/routes/api/router.server.ts). */
  admin: AdminIdentity;
  mustEnrol: boolean;
};

/**
 * The Node request and response beside Hono's (@hono/node-server), and the state above.
 * `unreadableUrl`: the adapter could not build the request's URL from its Host and target
 * (server/app.ts), so the pipeline runs on a placeholder URL only to refuse it.
 */
export type ServerEnv = { Bindings: HttpBindings & { unreadableUrl?: true }; Variables: ServerVariables };
