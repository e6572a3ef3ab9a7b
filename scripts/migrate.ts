/**
 * `npm run db:migrate`: applies the committed migrations and exits. Opening the
 * database migrates it; on PGlite it also takes the data-folder lock, so this
 * refuses (exit code 1) while a server uses the same DATA_DIR. Then the step
 * the server also runs at start (decision 035): plaintext TOTP secrets are
 * encrypted and recovery codes of before stored as HMAC, in one transaction.
 */
import { secureSecretsAtRest } from "~/auth/secrets-at-rest.server";
import { envOrExit } from "~/config/env.server";
import { keyringOrExit } from "~/lib/secret-box.server";
import { secretKeyMessages, startMessages } from "~/messages";
import { openCliDatabase } from "./lib/cli-database";

async function main() {
  const config = envOrExit();
  const keys = keyringOrExit(config);
  const database = await openCliDatabase(config);
  try {
    const { report } = await secureSecretsAtRest(database.db, keys);
    console.log(
      database.kind === "postgres" ? "Migrationen auf PostgreSQL angewendet." : `Migrationen auf PGlite in ${config.DATA_DIR} angewendet.`,
    );
    console.log(secretKeyMessages.secured(report.encrypted, report.convertedCodes));
    if (report.unreadable > 0) console.error(startMessages.secretsUnreadable(report.unreadable, report.keyIds));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error("Migration fehlgeschlagen:", error);
  process.exit(1);
});
