/**
 * Admin accounts from the command line:
 *   npm run admin -- create --email EMAIL [--name NAME]
 *   npm run admin -- reset-password --email EMAIL
 *   npm run admin -- reset-2fa --email EMAIL   (a lost phone without recovery codes)
 *   npm run admin -- unlock-2fa --email EMAIL  (the code login locked after too many wrong codes)
 *   npm run admin -- list
 * The password comes from ADMIN_PASSWORD or a hidden prompt (asked twice).
 */
import readline from "node:readline";
import { parseArgs } from "node:util";
import { exitWithMessage } from "~/lib/exit.server";
import { accountMessages, passwordMessages, refusalMessage } from "~/messages";
import { createAdmin, listAdmins, resetAdminPassword, resetSecondFactor, unlockSecondFactor } from "~/services/admin-accounts.server";
import { openCliDatabase } from "./lib/cli-database";

const USAGE = `Verwendung:
  npm run admin -- create --email EMAIL [--name NAME]
  npm run admin -- reset-password --email EMAIL
  npm run admin -- reset-2fa --email EMAIL
  npm run admin -- unlock-2fa --email EMAIL
  npm run admin -- list
reset-2fa schaltet die Zwei-Faktor-Anmeldung eines Kontos aus (Telefon verloren, keine Wiederherstellungscodes).
unlock-2fa hebt die Sperre der Anmeldung mit Code auf (nach zu vielen falschen Codes in Folge).
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
  if (values.help || !command || !["create", "reset-password", "reset-2fa", "unlock-2fa", "list"].includes(command)) exitWithMessage(USAGE);
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
