/**
 * Admin accounts from the command line:
 *   npm run admin -- create --email EMAIL [--name NAME]
 *   npm run admin -- reset-password --email EMAIL
 *   npm run admin -- reset-2fa --email EMAIL   (a lost phone without recovery codes)
 *   npm run admin -- unlock-2fa --email EMAIL  (the code login locked after too many wrong codes)
 *   npm run admin -- list
 *   npm run admin -- rotate-key               (a new key for the secrets at rest, decision 035)
 * The password comes from ADMIN_PASSWORD or a hidden prompt (asked twice).
 */
import readline from "node:readline";
import { parseArgs } from "node:util";
import { rotateSecrets, secureSecretsAtRest } from "~/auth/secrets-at-rest.server";
import { envOrExit } from "~/config/env.server";
import { exitWithMessage } from "~/lib/exit.server";
import { keyringOrExit, promoteNextKeyFile, removeNextKeyFile, SecretKeyError, writeNextKeyFile } from "~/lib/secret-box.server";
import { accountMessages, passwordMessages, refusalMessage, secretKeyMessages } from "~/messages";
import { createAdmin, listAdmins, resetAdminPassword, resetSecondFactor, unlockSecondFactor } from "~/services/admin-accounts.server";
import { openCliDatabase } from "./lib/cli-database";

const USAGE = `Verwendung:
  npm run admin -- create --email EMAIL [--name NAME]
  npm run admin -- reset-password --email EMAIL
  npm run admin -- reset-2fa --email EMAIL
  npm run admin -- unlock-2fa --email EMAIL
  npm run admin -- list
  npm run admin -- rotate-key
reset-2fa schaltet die Zwei-Faktor-Anmeldung eines Kontos aus (Telefon verloren, keine Wiederherstellungscodes).
unlock-2fa hebt die Sperre der Anmeldung mit Code auf (nach zu vielen falschen Codes in Folge).
rotate-key verschlüsselt die Zwei-Faktor-Geheimnisse mit einem neuen Schlüssel: mit der Schlüsseldatei (DATA_DIR/secret.key) einem neu erzeugten, mit APP_SECRET dem neuen APP_SECRET (das bisherige als APP_SECRET_PREVIOUS).
Das Passwort kommt aus ADMIN_PASSWORD oder wird abgefragt (mindestens 12 Zeichen).`;

/** One line from stdin; on a terminal without echo. */
function readSecret(question: string): Promise<string> {
  return new Promise((resolve) => {
    const terminal = Boolean(process.stdin.isTTY);
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal });
    if (terminal) {
      const output = rl as unknown as { _writeToOutput: (text: string) => void };
      output._writeToOutput = (text) => {
        if (text.includes(question)) process.stdout.write(text);
      };
    } else {
      process.stdout.write(question);
    }
    rl.question(question, (answer) => {
      rl.close();
      if (terminal) process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const password = await readSecret("Neues Passwort: ");
  if (process.stdin.isTTY && (await readSecret("Passwort wiederholen: ")) !== password) {
    exitWithMessage(passwordMessages.mismatch);
  }
  return password;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  if (values.help || !command || !["create", "reset-password", "reset-2fa", "unlock-2fa", "list", "rotate-key"].includes(command))
    exitWithMessage(USAGE);
  if (command === "rotate-key") return rotateKey();
  if (command !== "list" && !values.email) exitWithMessage(USAGE);
  const password = command === "create" || command === "reset-password" ? await askPassword() : "";

  const database = await openCliDatabase();
  try {
    if (command === "list") {
      const admins = await listAdmins(database.db);
      if (admins.length === 0) console.log("Keine Admin-Konten.");
      for (const admin of admins) {
        const lastLogin = admin.lastLoginAt ? admin.lastLoginAt.toISOString() : "nie";
        console.log(`${admin.email}\t${admin.displayName}\tangelegt ${admin.createdAt.toISOString()}\tletzte Anmeldung ${lastLogin}`);
      }
      return;
    }
    const email = values.email!;
    const result =
      command === "create"
        ? await createAdmin(database.db, { email, password, displayName: values.name })
        : command === "reset-2fa"
          ? await resetSecondFactor(database.db, { email })
          : command === "unlock-2fa"
            ? await unlockSecondFactor(database.db, { email })
            : await resetAdminPassword(database.db, { email, password });
    if (!result.ok) {
      process.exitCode = 1;
      console.error(refusalMessage(result, accountMessages));
      return;
    }
    const done = {
      create: `Admin-Konto ${email} angelegt.`,
      "reset-password": `Passwort von ${email} geändert; alle Sitzungen dieses Kontos wurden beendet.`,
      "reset-2fa": `Zwei-Faktor-Anmeldung von ${email} ausgeschaltet; alle Sitzungen dieses Kontos wurden beendet. Bitte nach der nächsten Anmeldung unter „Sicherheit“ neu einrichten.`,
      "unlock-2fa": `Code-Sperre von ${email} aufgehoben: Die Anmeldung nimmt die Codes aus der Authenticator-App wieder an.`,
    } as const;
    console.log(done[command as keyof typeof done]);
  } finally {
    await database.close();
  }
}

/**
 * A new master key for the secrets at rest (decision 035), in one transaction: every TOTP secret
 * re-encrypted, the recovery codes' key re-wrapped (the codes stay valid). With the key file the new
 * key is first written to `secret.key.next` (0600), the old one stays in place and readable until the
 * transaction has committed, then the new one replaces it atomically; after a crash in between, the
 * next start (or rotate-key) sees in the database which key is in force and finishes or discards it.
 * With APP_SECRET the operator sets the new key as APP_SECRET and the old one as APP_SECRET_PREVIOUS.
 */
async function rotateKey() {
  const config = envOrExit();
  const keys = keyringOrExit(config);
  if (keys.source.kind === "app-secret" && keys.readable.length === 0) exitWithMessage(secretKeyMessages.rotateNeedsPrevious);
  const database = await openCliDatabase(config);
  try {
    // A rotation's leftover settled first, and rows of before brought into the current form.
    const { ring } = await secureSecretsAtRest(database.db, keys);
    const source = ring.source;
    if (source.kind === "app-secret") {
      const { secrets } = await rotateSecrets(database.db, ring, ring.current!);
      console.log(secretKeyMessages.rotatedAppSecret(ring.current!.id, secrets));
      return;
    }
    const next = writeNextKeyFile(source);
    try {
      const { secrets } = await rotateSecrets(database.db, ring, next);
      promoteNextKeyFile(source);
      console.log(secretKeyMessages.rotatedKeyFile(source.file, next.id, secrets));
    } catch (error) {
      // Refused inside the transaction: nothing committed, the new key is of no use. Any other
      // failure (the commit's answer lost) leaves it for the next start to settle by the database.
      if (error instanceof SecretKeyError) removeNextKeyFile(source);
      throw error;
    }
  } catch (error) {
    if (!(error instanceof SecretKeyError)) throw error;
    process.exitCode = 1;
    console.error(secretKeyMessages.rotateFailed(error.message));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
