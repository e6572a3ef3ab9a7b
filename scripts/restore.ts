/**
 * `npm run restore -- FILE`: restores a dump of `npm run backup` into the
 * database named by the environment. The database is migrated first and must
 * be empty; everything happens in one transaction (all or nothing).
 * Moving from PGlite to PostgreSQL: back up with DATA_DIR, restore with DATABASE_URL.
 */
import fs from "node:fs";
import { restoredSecretsNote } from "~/auth/secrets-at-rest.server";
import { envOrExit } from "~/config/env.server";
import { restoreDatabase, RestoreError } from "~/db/backup.server";
import { openCliDatabase } from "./lib/cli-database";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Aufruf: npm run restore -- DATEI");
    process.exit(1);
  }
  const dump = fs.readFileSync(file, "utf8");
  const config = envOrExit();
  const database = await openCliDatabase(config);
  try {
    const { statements } = await restoreDatabase(database.db, dump);
    console.log(`Wiederhergestellt: ${file} (${statements} Anweisungen, ${database.kind})`);
    // The key of the secrets is not in the dump (decision 035): say whether the configured one reads them.
    const note = await restoredSecretsNote(database.db, config);
    if (note) (note.ok ? console.log : console.error)(note.message);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof RestoreError ? error.message : error);
  process.exit(1);
});
