import { createContext } from "react-router";
import type { AdminIdentity } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import type { RequestBody } from "~/lib/http.server";
import type { FailureKind } from "~/lib/unavailable.server";

/**
 * The typed request context (React Router middleware). server/app.ts sets the
 * database and the request's facts for every page request; the pages' admin guard sets
 * the logged-in account on the admin routes.
 */
export const databaseContext = createContext<Database>();

/** The backup folder (decision 041), set by server/app.ts; null where backups are off (PostgreSQL without BACKUP_DIR). */
export const backupDirContext = createContext<string | null>(null);

export type RequestFacts = {
  requestId: string;
  /** The client's address under TRUST_PROXY (server/forwarded.ts). */
  clientIp: string;
  /** The CSP nonce of this response; empty for the public pages kept per facts version (server/page-cache.ts), the same for everyone. */
  cspNonce: string;
  /**
   * The logged-in account, once a guard (pages or JSON API) knows it: its id (never the address)
   * goes in the request's log line, so a refused action (403) says who asked.
   */
  accountId?: string;
  /**
   * The origin the site is addressed by: PUBLIC_URL's, else the one the request was sent to (as the
   * same-origin check takes it). Passkeys belong to it (decision 034). Absent outside the pipeline.
   */
  siteOrigin?: string;
};

/** Outside a request (a route called directly in a test) the facts are empty. */
export const requestContext = createContext<RequestFacts>({ requestId: "", clientIp: "", cspNonce: "" });

/** Set by the pages' admin guard (app/auth/guard.server.ts) on every admin page. */
export const adminContext = createContext<AdminIdentity>();

/** Set by the admin guard: the owner requires a second factor this account has not set up yet. */
export const enrolmentContext = createContext<boolean>(false);

/** What went wrong in a loader or action, noted by entry.server's handleError for the error policy. */
export type Failure = { kind: FailureKind };
export const failureContext = createContext<Failure | null>(null);

/** The request body as the server read it (server/request-body.ts), or why it was refused. */
export const requestBodyContext = createContext<RequestBody>({
  bytes: new Uint8Array(new ArrayBuffer(0)),
});
