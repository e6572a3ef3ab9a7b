import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "~/db/result-rows";
import { testDatabaseKinds } from "../support/databases";
import { useTestDatabase } from "../support/fixtures";

/**
 * A booking's statements are planned once per connection (decision 056, migration 0032): the booking
 * function runs with generic plans, and the functions every booking calls are PL/pgSQL, whose
 * statements keep their plans, with the same results as the SQL bodies they replaced.
 */
describe.each(testDatabaseKinds)("the booking's statements on %s", (kind) => {
  const database = useTestDatabase(kind);

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return resultRows<T>(await database.db.execute(query));
  }

  it("request_appointment runs with generic plans, nested functions and triggers included", async () => {
    // A CREATE OR REPLACE of request_appointment without `SET plan_cache_mode` would drop it.
    const [booking] = await rows<{ config: string[] | null }>(sql`
      select proconfig as config from pg_proc where proname = 'request_appointment'`);
    expect(booking?.config).toContain("plan_cache_mode=force_generic_plan");
  });

  it("the functions every booking calls are PL/pgSQL, not SQL functions planned on every call", async () => {
    const languages = await rows<{ name: string; language: string }>(sql`
      select p.proname as name, l.lanname as language from pg_proc p join pg_language l on l.oid = p.prolang
      where p.proname in ('hold_resources', 'appointment_counts_add', 'phone_key', 'texts_distinct') order by 1`);
    expect(languages).toEqual([
      { name: "appointment_counts_add", language: "plpgsql" },
      { name: "hold_resources", language: "plpgsql" },
      { name: "phone_key", language: "plpgsql" },
      { name: "texts_distinct", language: "plpgsql" },
    ]);
  });

  it("phone_key gives the keys of 0027: digits only, an Austrian prefix as a leading zero", async () => {
    const keys = await rows<{ phone: string | null; key: string | null }>(sql`
      select phone, phone_key(phone) as key from unnest(array[
        '0664 1234567', '+43 664 1234567', '0043 664 1234567', '  +43 1 234', '43 664 1', '+49 171 2', 'abc', '', null
      ]::text[]) with ordinality as p(phone, n) order by n`);
    expect(keys.map((row) => row.key)).toEqual(["06641234567", "06641234567", "06641234567", "01234", "436641", "491712", "", "", null]);
  });

  it("texts_distinct is true exactly when no text is there twice (a missing one is not distinct), as in 0028", async () => {
    const answers = await rows<{ distinct: boolean | null }>(sql`
      select texts_distinct(v) as distinct from (values (1, '{}'::text[]), (2, '{Ölwechsel,Elektrik}'), (3, '{Elektrik,Elektrik}'),
        (4, '{a,null}'), (5, null)) as t(n, v) order by n`);
    expect(answers.map((row) => row.distinct)).toEqual([true, true, false, false, true]);
  });
});
