/**
 * The Node entry: validates the configuration, opens the database (running
 * migrations), serves the React Router app and shuts down gracefully.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { envOrExit } from "~/config/env.server";
import { exitWithMessage } from "~/lib/exit.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { announceAdminBootstrap } from "~/services/admin-accounts.server";
import { type MailWorker, startMailWorker } from "~/mail/worker.server";
import { TransportConfigError } from "~/mail/transports.server";
import { startRetentionJob } from "~/services/retention.server";
import { createApp } from "./server/create-app";

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = envOrExit();
  const isDev = process.argv.includes("--dev");

  let database: DatabaseHandle;
  try {
    database = await openDatabase(databaseOptionsFromEnv(config));
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWithMessage(error.message);
    throw error;
  }
  await announceAdminBootstrap(database.db, config, logger);

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

  let app;
  if (isDev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app = createApp({
      config,
      db: database.db,
      build: () =>
        viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      devMiddleware: viteServer.middlewares,
    });
  } else {
    const buildPath = path.join(buildDir, "server/index.js");
    const build = (await import(buildPath)) as ServerBuild;
    app = createApp({
      config,
      db: database.db,
      build,
      clientDir: path.join(buildDir, "client"),
    });
  }

  const server = http.createServer(app).listen(config.PORT, config.HOST, () => {
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
    await mailWorker?.stop();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "start failed");
  process.exit(1);
});
