/**
 * Starting and stopping the server: validates the configuration, opens the
 * database (running migrations), starts the e-mail worker, the daily
 * jobs and the reminder job, serves the pipeline of server/app.ts and shuts down gracefully.
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { envOrExit } from "~/config/env.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { exitWithMessage } from "~/lib/exit.server";
import { logger } from "~/lib/logger.server";
import { TransportConfigError } from "~/mail/transports.server";
import { type MailWorker, startMailWorker } from "~/mail/worker.server";
import { announceAdminBootstrap } from "~/services/admin-accounts.server";
import { enterDefaultClosures } from "~/services/closures.server";
import { reminderConfigFromEnv, startReminderJob } from "~/services/reminders.server";
import { startRetentionJob } from "~/services/retention.server";
import { createApp, type InlineTexts, requestListener } from "./app";
import type { NodeMiddleware } from "./node-middleware";

const SHUTDOWN_GRACE_MS = 10_000;

export type StartOptions =
  /** Production: the bundled build and the client folder beside it. */
  | { build: ServerBuild; clientDir: string; inline: InlineTexts; migrationsFolder: string }
  /** Development: Vite's build getter and middleware. */
  | { build: () => Promise<ServerBuild>; devMiddleware: NodeMiddleware; inline: InlineTexts; migrationsFolder: string };

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

  const app = createApp({ config, db: database.db, ...options });
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
