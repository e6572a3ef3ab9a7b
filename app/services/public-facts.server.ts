import { env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import type { WorkshopFacts } from "~/domain/workshop";
import { type PublicFacts, publicFactsOf } from "~/lib/public-facts";
import { type FactsEnv, factsInForce, workshopFactsVersioned } from "./workshop-facts.server";

/** Derived once per stored version: the cached facts object stays the same until the version moves. */
const derived = new WeakMap<WorkshopFacts, PublicFacts>();

/**
 * What the public pages, the structured data and the sitemap show of the workshop (decision 048),
 * with the facts' version (0: never changed): read through the cached facts service, so a page
 * adds no database round trip beyond its at most one version check every 2 s. The facts in force:
 * where a variable sets one (the cancel cutoff, the reminder hours), the variable's value.
 */
export async function publicWorkshopFacts(db: Database, config: FactsEnv = env()): Promise<{ facts: PublicFacts; version: number }> {
  const { facts: stored, version } = await workshopFactsVersioned(db);
  const facts = factsInForce(stored, config);
  let shown = derived.get(facts);
  if (!shown) {
    shown = publicFactsOf(facts);
    derived.set(facts, shown);
  }
  return { facts: shown, version };
}

/** The number a refusal asks to call: the facts' first phone (issue 29). */
export async function mainPhoneNumber(db: Database): Promise<string> {
  return (await publicWorkshopFacts(db)).facts.mainPhone.display;
}
