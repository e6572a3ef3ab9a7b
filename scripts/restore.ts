/**
 * `npm run restore -- FILE`: restores a dump of `npm run backup` into the
 * database named by the environment. The database is migrated first and must
 * be empty; everything happens in one transaction (all or nothing).
 * Moving from PGlite to PostgreSQL: back up with DATA_DIR, restore with DATABASE_URL.
 */
import fs from "node:fs";
import { restoreDatabase, RestoreError } from "~/db/backup.server";
import { openCliDatabase } from "./lib/cli-database";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Aufruf: npm run restore -- DATEI");
    process.exit(1);
  }
  const dump = fs.readFileSync(file, "utf8");
  const database = await openCliDatabase();
  try {
    const { statements } = await restoreDatabase(database.db, dump);
    console.log(`Wiederhergestellt: ${file} (${statements} Anweisungen, ${database.kind})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof RestoreError ? error.message : error);
  process.exit(1);
});
