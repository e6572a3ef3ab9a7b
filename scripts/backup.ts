/**
 * `npm run backup -- FILE`: writes a consistent SQL dump of the database named
 * by the environment (DATABASE_URL, or PGlite in DATA_DIR) to FILE. PGlite
 * allows one process per data folder: stop the server for the few seconds a
 * backup takes, or run PostgreSQL (then back up at any time).
 */
import fs from "node:fs";
import { backupKeyNote } from "~/auth/secrets-at-rest.server";
import { envOrExit } from "~/config/env.server";
import { dumpDatabase } from "~/db/backup.server";
import { openCliDatabase } from "./lib/cli-database";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Aufruf: npm run backup -- DATEI");
    process.exit(1);
  }
  const config = envOrExit();
  const database = await openCliDatabase(config);
  try {
    const dump = await dumpDatabase(database.db);
    // Write beside the target and rename: a crash never leaves half a backup under its name.
    fs.writeFileSync(`${file}.partial`, dump, { mode: 0o600 });
    fs.renameSync(`${file}.partial`, file);
    console.log(`Sicherung geschrieben: ${file} (${Buffer.byteLength(dump)} Bytes, ${database.kind})`);
    // The key of the secrets at rest is not in the dump (decision 035).
    console.log(await backupKeyNote(database.db, config));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
