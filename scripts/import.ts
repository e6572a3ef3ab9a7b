/**
 * `npm run import -- FILE`: appointments from a CSV or JSON export of the old
 * system. Prints how many were imported, skipped (id exists) and rejected (why),
 * and the file's slots that now hold more active appointments than SLOT_CAPACITY.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { envOrExit } from "~/config/env.server";
import { exitWithMessage } from "~/lib/exit.server";
import { importAppointments, parseExport } from "~/services/appointment-import.server";
import { bookingConfigFromEnv } from "~/services/booking.server";
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
  const { slotCapacity } = bookingConfigFromEnv(envOrExit());
  const database = await openCliDatabase();
  try {
    // CSV data starts on line 2 (after the header); JSON entries count from 1.
    const firstRow = file.toLowerCase().endsWith(".csv") ? 2 : 1;
    const report = await importAppointments(database.db, rows, { firstRow, slotCapacity });
    // Statistics for the new rows at once, so the server plans its queries for them
    // (PGlite has no autovacuum; on PostgreSQL it would take up to a minute).
    await database.db.execute(sql`analyze appointments`);
    console.log(`Importiert: ${report.imported}`);
    console.log(`Übersprungen (id existiert bereits): ${report.skipped}`);
    console.log(`Abgelehnt: ${report.rejected.length}`);
    for (const { row, reason } of report.rejected) console.log(`  ${firstRow === 2 ? "Zeile" : "Eintrag"} ${row}: ${reason}`);
    console.log(`Zeitfenster über der Kapazität (SLOT_CAPACITY ${slotCapacity}, beantragt + bestätigt): ${report.overCapacity.length}`);
    for (const slot of report.overCapacity) {
      console.log(`  ${slot.date} ${slot.time}: ${slot.confirmed} bestätigt, ${slot.requested} beantragt`);
    }
    if (report.overCapacity.length > 0) {
      console.log(`  Bitte im Admin-Board prüfen: mehr als ${slotCapacity} Bestätigung(en) je Zeitfenster werden abgelehnt.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
