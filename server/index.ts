/**
 * Starting and stopping the server, and the server bundle's entry: `npm run build` compiles it
 * (vite.config.ts) into build/server/index.js, which server.js runs with plain node; in development
 * server.js loads it through Vite. It validates the configuration, opens the database (running
 * migrations), starts the e-mail worker, the daily jobs and the reminder job, serves the pipeline
 * of server/app.ts and shuts down gracefully. React Router's build is imported dynamically, so it
 * stays a chunk of its own, which React Router's prerendering loads at build time.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import siteScriptUrl from "virtual:site-script";
import siteStyles from "virtual:site-styles";
import { envOrExit } from "~/config/env.server";
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { emailOutbox } from "~/db/schema";
import { exitWithMessage } from "~/lib/exit.server";
import { logger } from "~/lib/logger.server";
import { siteScriptLoader } from "~/lib/site-script-loader";
import { TransportConfigError } from "~/mail/transports.server";
import { type MailWorker, startMailWorker } from "~/mail/worker.server";
import { announceAdminBootstrap } from "~/services/admin-accounts.server";
import { enterDefaultClosures } from "~/services/closures.server";
import { reminderConfigFromEnv, startReminderJob } from "~/services/reminders.server";
import { startRetentionJob } from "~/services/retention.server";
import { createApp, type InlineTexts, requestListener } from "./app";
import type { NodeMiddleware } from "./node-middleware";

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The texts the public pages carry inline, as app/routes/site/layout.tsx and app/root.tsx write
 * them: the CSP allows them by their hashes. The stylesheet only in a production build.
 */
const inline: InlineTexts = { scripts: [siteScriptLoader(siteScriptUrl)], styles: siteStyles };

/** Production: serves the bundled React Router build and the client folder beside this bundle (build/server → build/client). */
export async function startProduction({ migrationsFolder }: { migrationsFolder: string }): Promise<void> {
  const build = await import("virtual:react-router/server-build");
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  return start({ build, clientDir, migrationsFolder });
}

type StartOptions =
  /** Production: the bundled build and the client folder beside it. */
  | { build: ServerBuild; clientDir: string; migrationsFolder: string }
  /** Development (server.js --dev): Vite's build getter and middleware. */
  | { build: () => Promise<ServerBuild>; devMiddleware: NodeMiddleware; migrationsFolder: string };

export async function start(options: StartOptions): Promise<void> {
  const config = envOrExit();

  let database: DatabaseHandle;
  try {
    database = await openDatabase({ ...databaseOptionsFromEnv(config), migrationsFolder: options.migrationsFolder });
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWithMessage(error.message);
    throw error;
  }
  await announceAdminBootstrap(database.db, config, logger);
  await enterDefaultClosures(database.db, new Date());

  if (database.kind === "pglite") {
    // The data-folder lock proves no other process uses this database, so a
    // lease in the outbox belongs to a worker that died (kill -9, power cut):
    // hand its message back now instead of after the lease runs out.
    await database.db.update(emailOutbox).set({ lockedUntil: null }).where(eq(emailOutbox.status, "pending"));
  }

  let mailWorker: MailWorker | undefined;
  try {
    mailWorker = config.EMAIL_WORKER ? startMailWorker(database.db, config) : undefined;
  } catch (error) {
    if (error instanceof TransportConfigError) exitWithMessage(error.message);
    throw error;
  }

  const retentionJob = startRetentionJob(database.db, { vacuum: database.kind === "pglite" });
  // Every instance runs it, whatever EMAIL_WORKER says: each reminder is claimed once in the database.
  const reminderJob = startReminderJob(database.db, reminderConfigFromEnv(config));

  const app = createApp({ config, db: database.db, inline, ...options });
  const server = http.createServer(requestListener(app)).listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    logger.info({ port, database: database.kind }, `Happy Car läuft auf http://localhost:${port}`);
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => {
      logger.warn("requests still open after grace period; closing them");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    // Keep-alive connections turn idle once their request in flight is answered:
    // close them as they do, so the server stops long before the grace period.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearInterval(closeIdle);
    clearTimeout(forceExit);
    retentionJob.stop();
    await reminderJob.stop();
    await mailWorker?.stop();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
