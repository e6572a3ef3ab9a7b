import type { HttpBindings } from "@hono/node-server";
import type { AdminIdentity } from "~/auth/session.server";
import type { RequestFacts } from "~/context";
import type { Database } from "~/db/client.server";
import type { RequestBody } from "~/lib/http.server";

/**
 * Hono's typed request state, the counterpart of React Router's context (app/context.ts) for what
 * the server answers itself: the pipeline (server/app.ts) sets the request's facts and the
 * database, the JSON API's admin guard (server/api/guard.ts) the account.
 */
export type ServerVariables = RequestFacts & {
  db: Database;
  /** The backup folder (decision 041), or none where backups are off (PostgreSQL without BACKUP_DIR). */
  backupDir: string | undefined;
  /** The request body as the pipeline read it (server/request-body.ts), or why it was refused; none for GET, HEAD, OPTIONS. */
  body?: RequestBody;
  /** Set by the API's admin guard: read only in handlers mounted below it (server/api/index.ts). */
  admin: AdminIdentity;
  mustEnrol: boolean;
};

/**
 * The Node request and response beside Hono's (@hono/node-server), and the state above.
 * `unreadableUrl`: the adapter could not build the request's URL from its Host and target
 * (server/app.ts), so the pipeline runs on a placeholder URL only to refuse it.
 */
export type ServerEnv = { Bindings: HttpBindings & { unreadableUrl?: true }; Variables: ServerVariables };
