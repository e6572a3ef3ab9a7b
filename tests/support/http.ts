import { expect } from "vitest";

/** German user-facing error text: a German word or umlaut, and none of the usual English library messages. */
export function expectGermanError(body: unknown, context: string) {
  expect(body, context).toMatchObject({ error: expect.any(String) });
  const error = (body as { error: string }).error;
  expect(error, context).toMatch(/[äöüßÄÖÜ]|\b(Bitte|Sie|Ihre|nicht|ist|zu|ein|eine|Anfrage|Daten|Passwort|Versuche)\b/);
  expect(error, context).not.toMatch(/\b(Invalid|expected|Unexpected|undefined|Error|required|received)\b/);
}

export type Reply = { status: number; body: unknown; text: string };

export async function post(
  origin: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", ...headers },
    body,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text };
}

/** The first bookable slots the server offers, from GET /api/v1/slots. */
export async function bookableSlots(origin: string, wanted: number): Promise<{ date: string; time: string }[]> {
  const slots: { date: string; time: string }[] = [];
  const day = new Date();
  for (let offset = 1; offset <= 60 && slots.length < wanted; offset++) {
    const date = new Date(day.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(`${origin}/api/v1/slots?date=${date}`);
    const data = (await response.json()) as { slots?: { time: string; available: boolean }[] };
    for (const slot of data.slots ?? []) {
      if (slot.available && slots.length < wanted) slots.push({ date, time: slot.time });
    }
  }
  return slots;
}
