/**
 * `npm run worker`: the e-mail worker as a process of its own, for
 * deployments on PostgreSQL (run the web server with EMAIL_WORKER=false, or
 * keep both: SKIP LOCKED lets any number of workers share the outbox).
 */
import { envOrExit } from "~/config/env.server";
import { exitWithMessage } from "~/lib/exit.server";
import { logger } from "~/lib/logger.server";
import { TransportConfigError } from "~/mail/transports.server";
import { type MailWorker, startMailWorker } from "~/mail/worker.server";
import { workshopFacts } from "~/services/workshop-facts.server";
import { openCliDatabase } from "./lib/cli-database";

const EMBEDDED_DATABASE_MESSAGE =
  "npm run worker braucht DATABASE_URL (PostgreSQL). Die eingebettete Datenbank (PGlite) darf nur der " +
  "Server-Prozess öffnen; dort läuft der E-Mail-Worker im Server (EMAIL_WORKER=true, die Voreinstellung).";

async function main() {
  const config = envOrExit();
  if (!config.DATABASE_URL) exitWithMessage(EMBEDDED_DATABASE_MESSAGE);

  const database = await openCliDatabase(config);
  let worker: MailWorker;
  try {
    worker = startMailWorker(database.db, config, () => workshopFacts(database.db));
  } catch (error) {
    await database.close();
    if (error instanceof TransportConfigError) exitWithMessage(error.message);
    throw error;
  }

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "E-Mail-Worker wird beendet");
    await worker.stop();
    await database.close();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "E-Mail-Worker konnte nicht starten");
  process.exit(1);
});
