/**
 * `npm run db:migrate`: applies the committed migrations and exits. Opening the
 * database migrates it; on PGlite it also takes the data-folder lock, so this
 * refuses (exit code 1) while a server uses the same DATA_DIR.
 */
import { envOrExit } from "~/config/env.server";
import { openCliDatabase } from "./lib/cli-database";

async function main() {
  const config = envOrExit();
  const database = await openCliDatabase(config);
  await database.close();
  console.log(
    database.kind === "postgres" ? "Migrationen auf PostgreSQL angewendet." : `Migrationen auf PGlite in ${config.DATA_DIR} angewendet.`,
  );
}

main().catch((error: unknown) => {
  console.error("Migration fehlgeschlagen:", error);
  process.exit(1);
});
