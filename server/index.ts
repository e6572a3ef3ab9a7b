/**
 * Starting and stopping the server, and the server bundle's entry: `npm run build` compiles it
 * (vite.config.ts) into build/server/index.js, which server.js runs with plain node; in development
 * server.js loads it through Vite. It validates the configuration, opens the database (running
 * migrations), starts the e-mail worker, the daily jobs and the reminder job, serves the pipeline
 * of server/app.ts and shuts down gracefully. React Router's build is imported dynamically, so it
 * stays a chunk of its own, loaded when the server starts.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import siteScriptUrl from "virtual:site-script";
import siteStyles from "virtual:site-styles";
import { secureSecretsAtRest } from "~/auth/secrets-at-rest.server";
import { type Env, envOrExit } from "~/config/env.server";
import { backupDirOf } from "~/db/backup-files.server";
import {
  BackupBeforeMigrationError,
  type DatabaseHandle,
  type DatabaseOptions,
  databaseOptionsFromEnv,
  openDatabase,
} from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { emailOutbox } from "~/db/schema";
import { exitWithMessage } from "~/lib/exit.server";
import { logger } from "~/lib/logger.server";
import { appSecretMissing, installKeyring, keyFailureMessage, type Keyring, loadKeyring } from "~/lib/secret-box.server";
import { siteScriptLoader } from "~/lib/site-script-loader";
import { TransportConfigError } from "~/mail/transports.server";
import { type MailWorker, startMailWorker } from "~/mail/worker.server";
import { startMessages } from "~/messages";
import { announceAdminBootstrap } from "~/services/admin-accounts.server";
import { startBackupJob } from "~/services/backups.server";
import { enterDefaultClosures } from "~/services/closures.server";
import { startReminderJob } from "~/services/reminders.server";
import { enterDefaultResources } from "~/services/resources.server";
import { startRetentionJob } from "~/services/retention.server";
import { workshopFacts, workshopFactsInForce } from "~/services/workshop-facts.server";
import { createApp, type InlineTexts, requestListener } from "./app";
import { startEventLoopWatchdog } from "./event-loop-watchdog";
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

  // The key of the secrets at rest (decision 035): on PostgreSQL in production without APP_SECRET
  // the start stops here, before anything is migrated.
  if (appSecretMissing(config)) exitWithMessage(startMessages.appSecretMissing);

  let database: DatabaseHandle;
  const databaseOptions = databaseOptionsFromEnv(config);
  // Until the server runs, a failing data folder ends the start; then it stops the server (below).
  let storageFailed: (error: unknown) => void = (error) => exitWithMessage(startMessages.storageFailed(config.DATA_DIR, causeOf(error)));
  try {
    database = await openDatabase({
      ...databaseOptions,
      migrationsFolder: options.migrationsFolder,
      onStorageFailure: (error) => storageFailed(error),
    });
  } catch (error) {
    exitWithMessage(databaseStartFailure(error, databaseOptions));
  }
  // The key file lives in DATA_DIR, which opening the embedded database created (0700) and locked.
  let keys: Keyring;
  try {
    keys = loadKeyring(config, { appSecretMissing: startMessages.appSecretMissing });
  } catch (error) {
    const message = keyFailureMessage(error);
    if (!message) throw error;
    await database.close();
    exitWithMessage(message);
  }
  await secureSecrets(database, keys, config);
  await announceAdminBootstrap(database.db, config, logger);
  await enterDefaultClosures(database.db, new Date());
  // The first start after migration 0022 enters the lifts, mechanics, … (decision 038); later starts leave them be.
  const resources = await enterDefaultResources(database.db, { slotCapacity: config.SLOT_CAPACITY ?? 1, now: new Date() });
  if (resources.unplaced.length > 0) {
    // Ids and times only: the board finds them, the log holds no customer data.
    logger.warn({ unplaced: resources.unplaced }, startMessages.unplacedAppointments(resources.unplaced.length));
  }
  if (config.SLOT_CAPACITY !== undefined) logger.warn(startMessages.slotCapacityRetired);

  if (database.kind === "pglite") {
    // The data-folder lock proves no other process uses this database, so a
    // lease in the outbox belongs to a worker that died (kill -9, power cut):
    // hand its message back now instead of after the lease runs out.
    await database.db.update(emailOutbox).set({ lockedUntil: null }).where(eq(emailOutbox.status, "pending"));
  }

  const app = createApp({ config, db: database.db, inline, ...options });
  // The port first: when it is taken, nothing has started yet that would have to be stopped.
  const server = http.createServer(requestListener(app));
  try {
    await listening(server, config.PORT, config.HOST);
  } catch (error) {
    await database.close();
    exitWithMessage(portFailure(error, config.HOST, config.PORT));
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;

  let mailWorker: MailWorker | undefined;
  try {
    mailWorker = config.EMAIL_WORKER ? startMailWorker(database.db, config, () => workshopFacts(database.db)) : undefined;
  } catch (error) {
    if (error instanceof TransportConfigError) exitWithMessage(error.message);
    throw error;
  }

  const retentionJob = startRetentionJob(database.db, { vacuum: database.kind === "pglite" });
  // Every instance runs it, whatever EMAIL_WORKER says: each reminder is claimed once in the database.
  const reminderJob = startReminderJob(database.db, () => workshopFactsInForce(database.db, config));
  // Every instance checks each minute; the night is claimed once in the database (decision 041).
  const backupDir = backupDirOf(config);
  const backupJob = backupDir ? startBackupJob(database.db, backupDir) : undefined;
  logger.info({ port, database: database.kind }, `Happy Car läuft auf http://localhost:${port}`);

  const watchdog = config.WATCHDOG_SECONDS > 0 ? startEventLoopWatchdog(config.WATCHDOG_SECONDS) : undefined;

  let stopping = false;
  async function shutdown(signal: string, exitCode = 0) {
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
    await backupJob?.stop();
    await mailWorker?.stop();
    await database.close();
    await watchdog?.stop();
    logger.info("stopped");
    process.exit(exitCode);
  }
  storageFailed = (error) => {
    // One German line for the operator, then a stop with exit code 1 for the supervisor to restart it
    // (requests meanwhile hear a German 503, /readyz 503: the database refuses every statement now).
    logger.fatal({ err: error }, startMessages.storageFailed(config.DATA_DIR, causeOf(error)));
    void shutdown("storage-failure", 1);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * The start-up step after the migrations (decision 035): rows of before encrypted and converted, a
 * rotation's leftover settled; then the keyring is the process's. Secrets the key cannot read do
 * not stop the server (bookings go on): they are said in one German line, and their logins get a
 * clear 503.
 */
async function secureSecrets(database: DatabaseHandle, keys: Keyring, config: Env): Promise<void> {
  const { ring, report } = await secureSecretsAtRest(database.db, keys);
  installKeyring(ring);
  const { encrypted, convertedCodes, nextKeyFile, unreadable, keyIds } = report;
  if (encrypted > 0 || convertedCodes > 0 || nextKeyFile)
    logger.info({ encrypted, convertedCodes, nextKeyFile }, "secrets at rest secured");
  if (unreadable > 0) logger.error({ unreadable, keyIds }, startMessages.secretsUnreadable(unreadable, keyIds));
  if (ring.source.kind === "key-file" && config.DATABASE_URL) logger.warn(startMessages.keyFileOnPostgres(ring.source.file));
}

function listening(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** The system's short reason: its code and words, never a stack. */
/** The first line of the innermost cause (Drizzle's own message names only the failed query). */
function causeOf(error: unknown): string {
  let innermost = error;
  for (let depth = 0; depth < 5 && innermost instanceof Error && innermost.cause instanceof Error; depth++) innermost = innermost.cause;
  return innermost instanceof Error ? innermost.message.split("\n")[0]! : String(innermost);
}

function systemCode(error: unknown): string | undefined {
  return typeof error === "object" && error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/** Why the port could not be opened, in one German line. */
function portFailure(error: unknown, host: string, port: number): string {
  if (systemCode(error) === "EADDRINUSE") return startMessages.portInUse(host, port);
  return startMessages.portRefused(host, port, causeOf(error));
}

/** Why the database could not be opened or migrated, in one German line: the folder, the embedded database, or PostgreSQL. */
function databaseStartFailure(error: unknown, options: DatabaseOptions): string {
  if (error instanceof DataDirLockedError) return error.message;
  if (error instanceof BackupBeforeMigrationError) return startMessages.backupBeforeMigrationFailed(error.dir, causeOf(error));
  if (options.kind === "postgres") return startMessages.postgresUnreachable(causeOf(error));
  const code = systemCode(error);
  if (code && ["EACCES", "EPERM", "EROFS", "ENOSPC", "EDQUOT", "ENOTDIR", "EEXIST"].includes(code))
    return startMessages.dataDirUnusable(options.dataDir, causeOf(error));
  return startMessages.embeddedDatabaseDamaged(options.dataDir, causeOf(error));
}
