/**
 * `npm run restore -- FILE`: restores a dump of `npm run backup` into the
 * database named by the environment. The database is migrated first and must
 * be empty; everything happens in one transaction (all or nothing).
 * Moving from PGlite to PostgreSQL: back up with DATA_DIR, restore with DATABASE_URL.
 */
import fs from "node:fs";
import { EnvError, env } from "~/config/env.server";
import { RestoreError, restoreDatabase } from "~/db/backup.server";
import { databaseOptionsFromEnv, openDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Aufruf: npm run restore -- DATEI");
    process.exit(1);
  }
  const dump = fs.readFileSync(file, "utf8");
  const database = await openDatabase(databaseOptionsFromEnv(env()));
  try {
    const { statements } = await restoreDatabase(database.db, dump);
    console.log(`Wiederhergestellt: ${file} (${statements} Anweisungen, ${database.kind})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof EnvError || error instanceof DataDirLockedError || error instanceof RestoreError;
  console.error(known ? error.message : error);
  process.exit(1);
});
