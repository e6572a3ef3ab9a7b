/**
 * How the pages and e-mails name what an appointment is for (issue 28): 'Leistung: A' for one service,
 * 'Leistungen: A, B' for a visit of several.
 */
export function servicesLine(p: { service: string; services?: readonly string[] }): { label: string; value: string } {
  const services = p.services && p.services.length > 1 ? p.services : [p.service];
  return { label: services.length > 1 ? "Leistungen" : "Leistung", value: services.join(", ") };
}
