import { type Env, envOrExit } from "~/config/env.server";
import { BackupBeforeMigrationError, type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { exitWithMessage } from "~/lib/exit.server";
import { startMessages } from "~/messages";

/**
 * The one way a command-line tool opens the configured database (opening
 * migrates it). A bad variable, or on the embedded PGlite a server holding the
 * data folder, is said in one line and stops the tool (exit 1) instead of
 * corrupting anything.
 */
export async function openCliDatabase(config: Env = envOrExit()): Promise<DatabaseHandle> {
  try {
    return await openDatabase(databaseOptionsFromEnv(config));
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWithMessage(error.message);
    if (error instanceof BackupBeforeMigrationError) {
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
      exitWithMessage(startMessages.backupBeforeMigrationFailed(error.dir, cause));
    }
    throw error;
  }
}
