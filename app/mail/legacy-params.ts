/** The German EmailJS names the outbox stored before the typed payload, and their English names. */
const LEGACY_NAMES: Record<string, string> = {
  telefon: "phone",
  datum: "date",
  uhrzeit: "time",
  leistung: "service",
  nachricht: "message",
  grund: "reason",
  betreff: "subject",
};

/**
 * Why: outbox rows written before the typed payload (up to issue 12) carry
 * the EmailJS names (datum "dd.MM.yyyy", uhrzeit, leistung, telefon,
 * nachricht, betreff, grund, title) and must still send after an update.
 * Until when: it can go once no installation holds an unsent row in the old
 * shape, i.e. `select count(*) from email_outbox where status <> 'sent' and
 * (params ? 'datum' or params ? 'nachricht')` is 0 everywhere (failed rows
 * count: 'Erneut senden' on the admin board sends them again).
 * Rows in the new shape pass through unchanged.
 */
export function fromLegacyParams(params: Record<string, unknown>): Record<string, unknown> {
  if (!Object.keys(params).some((key) => Object.hasOwn(LEGACY_NAMES, key))) return params;
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key === "title") continue; // the EmailJS title follows from the template
    converted[LEGACY_NAMES[key] ?? key] = value;
  }
  const date = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(String(converted.date ?? ""));
  if (date) converted.date = `${date[3]}-${date[2]}-${date[1]}`;
  return converted;
}
