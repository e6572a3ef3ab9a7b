import { describe, expect, it } from "vitest";
import { appointments } from "~/db/schema";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";

describe.each(testDatabaseKinds)("schema on %s", (kind) => {
  const database = useTestDatabase(kind);

  const valid = {
    name: "Anna Muster",
    email: "anna@example.at",
    phone: "0664 1234567",
    date: "2026-12-01",
    time: "08:00",
    service: "Wartung",
  };

  it("stores an appointment with status beantragt by default", async () => {
    const [row] = await database.db.insert(appointments).values(valid).returning();
    expect(row?.status).toBe("beantragt");
    expect(row?.date).toBe("2026-12-01");
  });

  it("rejects a status outside beantragt, bestätigt, storniert", async () => {
    await expect(database.db.insert(appointments).values({ ...valid, status: "erledigt" as "beantragt" })).rejects.toThrow();
  });

  it("rejects a malformed time", async () => {
    await expect(database.db.insert(appointments).values({ ...valid, time: "8 Uhr" })).rejects.toThrow();
  });
});
