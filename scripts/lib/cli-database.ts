import { EnvError, env } from "~/config/env.server";
import { exitWithMessage } from "~/lib/exit.server";
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";

/**
 * Opens the configured database for a command-line tool. On the embedded
 * PGlite a running server holds the data folder: say so and stop (exit 1)
 * instead of corrupting it.
 */
export async function openCliDatabase(): Promise<DatabaseHandle> {
  try {
    return await openDatabase(databaseOptionsFromEnv(env()));
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) exitWithMessage(error.message);
    throw error;
  }
}
