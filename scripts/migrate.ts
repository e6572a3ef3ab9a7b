/**
 * `npm run db:migrate`: applies the committed migrations and exits. Opening the
 * database migrates it; on PGlite it also takes the data-folder lock, so this
 * refuses (exit code 1) while a server uses the same DATA_DIR.
 */
import { EnvError, env } from "~/config/env.server";
import { databaseOptionsFromEnv, openDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";

async function main() {
  const options = databaseOptionsFromEnv(env());
  const database = await openDatabase(options);
  await database.close();
  console.log(
    options.kind === "postgres"
      ? "Migrationen auf PostgreSQL angewendet."
      : `Migrationen auf PGlite in ${options.dataDir} angewendet.`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error("Migration fehlgeschlagen:", error);
  }
  process.exit(1);
});
