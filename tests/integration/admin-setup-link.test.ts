import { describe, expect, it } from "vitest";
import { adminUsers, setupTokens } from "~/db/schema";
import { announceAdminBootstrap } from "~/services/admin-accounts.server";
import { testDatabaseKinds } from "../support/databases";
import { createAdminAccount } from "../support/factories";
import { useTestDatabase } from "../support/fixtures";
import { withWritesHeldBack } from "../support/held-back";

const t0 = new Date("2026-11-23T08:00:00Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const config = { PORT: 3000 };
const LINK = /Einrichtungslink[^:]*: http:\/\/localhost:3000\/admin-setup\?token=[A-Za-z0-9_-]{43}$/;

describe.each(testDatabaseKinds)("the first start's setup link on %s", (kind) => {
  const database = useTestDatabase(kind, { poolSize: 5 });

  /** The lines one start writes. */
  async function start(now: Date, account: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string } = {}): Promise<string[]> {
    const lines: string[] = [];
    const log = { info: (line: string) => void lines.push(line), warn: (line: string) => void lines.push(line) };
    await announceAdminBootstrap(database.db, { ...config, ...account }, log, now);
    return lines;
  }

  it("is logged once while no account exists; a restart within its hour names no token, a later one issues a new link", async () => {
    const first = await start(t0);
    expect(first).toEqual([expect.stringMatching(LINK)]);

    const restart = await start(minutes(30));
    expect(restart).toEqual([
      "Noch kein Admin-Konto. Der Einrichtungslink steht im Log eines früheren Starts und ist bis 2026-11-23T09:00:00.000Z gültig; " +
        "danach gibt der nächste Start einen neuen aus (oder: npm run admin -- create --email …).",
    ]);
    expect(restart.join("\n")).not.toContain("token=");
    expect(await database.db.select().from(setupTokens)).toHaveLength(1);

    const afterExpiry = await start(minutes(61));
    expect(afterExpiry).toEqual([expect.stringMatching(LINK)]);
    expect(afterExpiry[0]).not.toBe(first[0]);
    expect(await database.db.select().from(setupTokens)).toHaveLength(2);
  });

  it("a weak ADMIN_PASSWORD is refused with the hint, and no account is created", async () => {
    expect(await start(t0, { ADMIN_EMAIL: "chef@happycar.example", ADMIN_PASSWORD: "Happy Car 2026" })).toEqual([
      "ADMIN_PASSWORD abgelehnt: Dieses Passwort ist zu leicht zu erraten: Ohne die Angaben der Werkstatt und Ihres Kontos " +
        "(Name, Anschrift, E-Mail-Adresse) bleibt zu wenig übrig. Nehmen Sie besser drei, vier ungewöhnliche Wörter oder einen Satz.",
    ]);
    expect(await database.db.select().from(adminUsers)).toEqual([]);
  });

  it("is not logged, nor issued, once an account exists", async () => {
    await createAdminAccount(database.db, { passwordHash: "x" });
    expect(await start(t0)).toEqual([]);
    expect(await start(minutes(120))).toEqual([]);
    expect(await database.db.select().from(setupTokens)).toHaveLength(0);
  });

  it.skipIf(kind !== "postgres")("instances starting together issue one link between them", async () => {
    const lines = (await withWritesHeldBack(database, 3, () => [start(t0), start(t0), start(t0)], "setup_tokens")).flat();
    expect(lines.filter((line) => LINK.test(line))).toHaveLength(1);
    expect(await database.db.select().from(setupTokens)).toHaveLength(1);
  });
});
