import type { Database } from "~/db/client.server";

/** What server.ts hands every loader and action. */
export type RequestContext = {
  db: Database;
  cspNonce: string;
  requestId: string;
  clientIp: string;
  /** The origin the site is reached at (PUBLIC_URL behind a proxy). */
  publicOrigin: string;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
