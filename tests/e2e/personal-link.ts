import fs from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { simpleParser } from "mailparser";
import { bookableDays, bookFreeSlot, freeTimes, type Slot } from "./booking-days";
import { expect } from "./fixtures";

/**
 * The customer's personal link (issue 16) as a customer gets it: an appointment booked through the
 * API, the link read from the receipt e-mail the server's worker wrote as a file.
 */
const mailDir = path.resolve(process.env.E2E_DATA_DIR ?? ".e2e-data", "mail");

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The last free start of the first day with one, at least three days ahead, so it can still be cancelled online. */
async function freeSlot(request: APIRequestContext): Promise<Slot> {
  for (const date of await bookableDays(request, 3, 60)) {
    const time = (await freeTimes(request, date)).at(-1);
    if (time) return { date, time };
  }
  throw new Error("no free slot in the next 60 days");
}

/** The text of the `template` e-mail file whose text contains `needle`, once the worker wrote it. */
export async function mailText(template: string, needle: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        const files = await fs.readdir(mailDir).catch(() => [] as string[]);
        for (const file of files.filter((name) => name.includes(`-${template}-`))) {
          const text = (await simpleParser(await fs.readFile(path.join(mailDir, file)))).text ?? "";
          if (text.includes(needle)) found = text;
        }
        return found !== "";
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

/** Books an Ölwechsel for `name` (plate W 4711 K) and returns its id and the path of the receipt's personal link. */
export async function bookWithPersonalLink(
  request: APIRequestContext,
  baseURL: string,
  name: string,
): Promise<{ id: string; pagePath: string }> {
  const { id } = await bookFreeSlot(
    request,
    baseURL,
    { name, email: "kundin@example.at", phone: "0660 1112233", service: "Ölwechsel", licensePlate: "W 4711 K" },
    () => freeSlot(request),
  );
  const receipt = await mailText("booking-received-customer", name);
  const link = /https?:\/\/\S+\/termin\/[A-Za-z0-9_-]{43}/.exec(receipt)?.[0];
  expect(link, receipt).toBeTruthy();
  return { id, pagePath: new URL(link!).pathname };
}
