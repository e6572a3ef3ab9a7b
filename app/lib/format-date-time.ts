import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { site } from "~/config/site";

/** An instant as Vienna wall-clock time, e.g. "01.12.2026 14:05" (same on server and browser). */
export function formatDateTimeVienna(iso: string): string {
  return format(new TZDate(iso, site.timeZone), "dd.MM.yyyy HH:mm");
}
