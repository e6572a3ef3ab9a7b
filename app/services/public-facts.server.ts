import type { Database } from "~/db/client.server";
import type { WorkshopFacts } from "~/domain/workshop";
import { type PublicFacts, publicFactsOf } from "~/lib/public-facts";
import { workshopFactsVersioned } from "./workshop-facts.server";

/** Derived once per stored version: the cached facts object stays the same until the version moves. */
const derived = new WeakMap<WorkshopFacts, PublicFacts>();

/**
 * What the public pages, the structured data and the sitemap show of the workshop (decision 048),
 * with the facts' version (0: never changed): read through the cached facts service, so a page
 * adds no database round trip beyond its at most one version check every 2 s.
 */
export async function publicWorkshopFacts(db: Database): Promise<{ facts: PublicFacts; version: number }> {
  const { facts, version } = await workshopFactsVersioned(db);
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
