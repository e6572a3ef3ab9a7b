import { sql } from "drizzle-orm";
import { appointments } from "./schema";

/**
 * An appointment's whole list of services as the read models select it (issue 28, decision 045):
 * `service` first, then `additional_services`; one element for a visit of one service.
 */
export const appointmentServices = sql<string[]>`array_prepend(${appointments.service}, ${appointments.additionalServices})`;
