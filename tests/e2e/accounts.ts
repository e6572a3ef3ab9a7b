import path from "node:path";

/**
 * The accounts the e2e server starts with (seeded by tests/e2e/seed.ts before it starts) and where the seed
 * leaves their sessions for the browser tests (fixtures.ts). Imported by both, so it holds no app code.
 * The login gate lets one attempt per account run at a time (a concurrent one is refused for up to 30 s), so
 * the specs that log in through the form, in files the two workers may run at once, use accounts of their own.
 */
const PASSWORD = "E2e-Testpasswort-2026!";

export const E2E_ACCOUNTS = {
  /** The owner nearly every spec works as. */
  admin: { email: "admin@happycar.example", password: PASSWORD, name: "admin@happycar.example", role: "owner", sessions: 200 },
  /** second-factor.spec.ts switches the second factor on: on an account of its own, so the others keep the password alone. */
  secondFactor: { email: "zwei-faktor@happycar.example", password: PASSWORD, name: "Zwei Faktor", role: "owner", sessions: 5 },
  /** What staff see on the owner's pages (admin-feedback.spec.ts). */
  staff: { email: "lena@happycar.example", password: PASSWORD, name: "Lena Lehrling", role: "staff", sessions: 10 },
  /**
   * The form logins of admin-feedback.spec.ts: a wrong password's toast, and the list of sessions under
   * 'Sicherheit', which then holds that spec's own logins and not a pool of unused ones.
   */
  devices: { email: "geraete@happycar.example", password: PASSWORD, name: "Geräte Liste", role: "owner", sessions: 0 },
  /** passkeys.spec.ts registers a passkey, which then replaces the password's login for this account alone. */
  passkey: { email: "passkey@happycar.example", password: PASSWORD, name: "Pass Key", role: "owner", sessions: 2 },
  /**
   * admin.spec.ts's form logins (a wrong password, then the right one): on an account of their own, since the
   * other specs' step-ups check the admin's password through the same gate, and a concurrent one waits 30 s.
   */
  formLogin: { email: "anmeldung@happycar.example", password: PASSWORD, name: "Anmeldung Test", role: "owner", sessions: 0 },
  /** The login's toast of admin-phone.spec.ts. */
  toasts: { email: "toasts@happycar.example", password: PASSWORD, name: "Toast Test", role: "owner", sessions: 0 },
} as const;

export type E2eAccount = keyof typeof E2E_ACCOUNTS;

/** The e2e server's data folder (playwright.config.ts): its database, its e-mail files and the seeded sessions. */
export const e2eDataDir = path.resolve(process.env.E2E_DATA_DIR ?? ".e2e-data");

/** The seeded sessions: `pool.json` (the cookie's name and each account's session ids) and one claim file per id used. */
export function sessionPoolDir(dataDir: string): string {
  return path.join(dataDir, "e2e-sessions");
}

export type SessionPool = { cookieName: string; sessions: Record<E2eAccount, string[]> };
