import { slotRulesOf } from "../../app/domain/slots";
import { defaultWorkshopFacts, visitFactsOf } from "../../app/domain/workshop";

/**
 * The slot rules of a new database's facts (app/config/site.ts's defaults, issue 29): what the tests'
 * fixed dates and the e2e server's fresh database assume. The app itself reads the facts (slotRulesOf).
 */
export const siteSlotRules = slotRulesOf(defaultWorkshopFacts());

/** The same facts' slot rules and services: what placing an appointment reads of them (visitFactsOf). */
export const siteVisitFacts = visitFactsOf(defaultWorkshopFacts());
