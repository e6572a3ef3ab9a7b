/**
 * `npm run import -- FILE`: appointments from a CSV or JSON export of the old
 * system. Prints how many were imported, skipped (id exists) and rejected (why),
 * and the active appointments of the file no lift, inspection place or mechanic was free for.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { envOrExit } from "~/config/env.server";
import { exitWithMessage } from "~/lib/exit.server";
import { importAppointments, parseExport } from "~/services/appointment-import.server";
import { enterDefaultResources } from "~/services/resources.server";
import { openCliDatabase } from "./lib/cli-database";

async function main() {
  const file = process.argv[2];
  if (!file) exitWithMessage("Verwendung: npm run import -- DATEI (CSV oder JSON)");
  let rows;
  try {
    rows = parseExport(fs.readFileSync(file, "utf8"), path.basename(file));
  } catch (error) {
    exitWithMessage(`${file} konnte nicht gelesen werden: ${(error as Error).message}`);
  }
  const config = envOrExit();
  const database = await openCliDatabase();
  try {
    // A database the server has not started on yet gets its resources first, as at that start.
    await enterDefaultResources(database.db, { slotCapacity: config.SLOT_CAPACITY ?? 1, now: new Date() });
    // CSV data starts on line 2 (after the header); JSON entries count from 1.
    const firstRow = file.toLowerCase().endsWith(".csv") ? 2 : 1;
    const report = await importAppointments(database.db, rows, { firstRow });
    // Statistics for the new rows at once, so the server plans its queries for them
    // (PGlite has no autovacuum; on PostgreSQL it would take up to a minute).
    await database.db.execute(sql`analyze appointments`);
    console.log(`Importiert: ${report.imported}`);
    console.log(`Übersprungen (id existiert bereits): ${report.skipped}`);
    console.log(`Abgelehnt: ${report.rejected.length}`);
    for (const { row, reason } of report.rejected) console.log(`  ${firstRow === 2 ? "Zeile" : "Eintrag"} ${row}: ${reason}`);
    console.log(`Ohne freie Hebebühne, Prüfplatz oder Mechaniker:in (beantragt + bestätigt): ${report.unplaced.length}`);
    for (const entry of report.unplaced) {
      console.log(`  ${firstRow === 2 ? "Zeile" : "Eintrag"} ${entry.row}: ${entry.date} ${entry.time}, ${entry.service}`);
    }
    if (report.unplaced.length > 0) {
      console.log("  Bitte im Admin-Board verschieben oder stornieren: bestätigt werden sie erst, wenn etwas frei ist.");
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
