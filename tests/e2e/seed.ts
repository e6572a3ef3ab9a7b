/**
 * Runs before the e2e server starts (playwright.config.ts `webServer`), on its fresh data folder: creates the
 * accounts of accounts.ts and a pool of logged-in sessions for each, with the app's own account and session
 * code, and writes their cookies where fixtures.ts hands one to each test. The server embeds PGlite, so
 * nothing else can write to its database once it runs; this is the moment to. Logging in through the form
 * costs a full scrypt hash (128 MiB) per test; only the tests about the login itself still pay it.
 * It also enters the workshop's resources and a full day of appointments on them (workshop-day.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { type AdminIdentity, createSession, sessionCookieName, sessionPolicy } from "~/auth/session.server";
import { envOrExit } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { createAdmin } from "~/services/admin-accounts.server";
import { addTeamMember } from "~/services/team.server";
import { openCliDatabase } from "../../scripts/lib/cli-database";
import { E2E_ACCOUNTS, type E2eAccount, type SessionPool, sessionPoolDir } from "./accounts";
import { seedNoShowAppointment } from "./no-show-day";
import { seedWorkshopDay } from "./workshop-day";

/** Owners as the command line creates them (npm run admin -- create), staff as an owner adds them on 'Team'. */
async function createAccount(db: Database, account: E2eAccount, owner?: AdminIdentity): Promise<AdminIdentity> {
  const { email, password, name, role } = E2E_ACCOUNTS[account];
  if (role === "owner") {
    const created = await createAdmin(db, { email, password, displayName: name });
    if (!created.ok) throw new Error(`${email}: ${created.code}`);
    // As right after the owner logged in: adding the team is a sensitive action (decision 037).
    return { id: created.value.id, email, displayName: name, role, verifiedAt: new Date() };
  }
  if (!owner) throw new Error(`${email}: staff are added by an owner`);
  const added = await addTeamMember(db, { actor: owner, member: { email, name, role, password }, now: new Date() });
  if (!added.ok) throw new Error(`${email}: ${added.code}`);
  return added.value;
}

async function main() {
  const config = envOrExit();
  const database = await openCliDatabase(config);
  try {
    const policy = sessionPolicy();
    const pool: SessionPool = {
      cookieName: sessionCookieName(policy),
      sessions: { admin: [], secondFactor: [], staff: [], devices: [], passkey: [], formLogin: [], toasts: [] },
    };
    const admin = await createAccount(database.db, "admin");
    for (const account of Object.keys(E2E_ACCOUNTS) as E2eAccount[]) {
      const { id } = account === "admin" ? admin : await createAccount(database.db, account, admin);
      // One transaction: PGlite writes its files once instead of once per session.
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < E2E_ACCOUNTS[account].sessions; n++)
          pool.sessions[account].push(await createSession(tx, id, new Date(), policy));
      });
    }
    const folder = sessionPoolDir(config.DATA_DIR);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "pool.json"), JSON.stringify(pool));
    // The workshop's resources and a full day on them, for the planner's and the day list's specs.
    await seedWorkshopDay(database.db, config.DATA_DIR);
    // Yesterday's car that never came, for 'Nicht erschienen' (waitlist.spec.ts).
    await seedNoShowAppointment(database.db);
  } finally {
    await database.close();
  }
}

await main();
