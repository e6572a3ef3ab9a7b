// The mechanics' absences on 'Werkstatt' (issue 27): entered on the page, the appointment that loses its mechanic
// listed with a link to it, removed after a second question; at 390 and 1280 px (axe clean, screenshots of both).
// The plain posts without JavaScript are tests/integration/page-permissions-http.test.ts's.
import { adminNavigation, newTag } from "./board-data";
import { bookFreeSlot, freeTimes, OWN_DAYS } from "./booking-days";
import { expect, expectNoAxeViolations, loginAsAdmin, screenshotForReview, test } from "./fixtures";

type Resource = { id: string; name: string; kind: string };

// The refused 'Eintragen' (a range the wrong way round) answers 400 on purpose.
test.use({ viewport: { width: 390, height: 844 }, expectedConsoleErrors: [/the server responded with a status of 400/] });

test("a mechanic's absence lists the appointment nobody else can take; 'Entfernen' asks first", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const tag = newTag();
  const customer = `Kundin ${tag}`;
  const day = OWN_DAYS.absence;
  await loginAsAdmin(page);
  const headers = { Origin: baseURL! };
  const { resources } = (await (await page.request.get("/api/v1/admin/resources")).json()) as { resources: Resource[] };
  const mechanics = resources.filter((resource) => resource.kind === "mechanic");
  expect(mechanics).toHaveLength(3);
  // A retry finds the day as the failed attempt left it: its absences go first.
  for (const mechanic of mechanics) {
    const listed = await page.request.get(`/api/v1/admin/resources/${mechanic.id}/absences`);
    for (const absence of ((await listed.json()) as { absences: { id: string; from: string }[] }).absences) {
      if (absence.from === day) await page.request.delete(`/api/v1/admin/resources/${mechanic.id}/absences/${absence.id}`, { headers });
    }
  }
  const booked = await bookFreeSlot(
    request,
    baseURL!,
    { name: customer, email: `${tag.toLowerCase()}@example.at`, phone: "0664 1234567", service: "Elektrik" },
    async () => ({ date: day, time: (await freeTimes(request, day, "Elektrik"))[0]! }),
  );
  // Two are away that day already (through the API): the appointment is moved to the third, if it was not there.
  const away: string[] = [];
  for (const mechanic of mechanics.slice(0, 2)) {
    const response = await page.request.post(`/api/v1/admin/resources/${mechanic.id}/absences`, {
      headers,
      data: { from: day, to: day, reason: "Urlaub" },
    });
    expect(response.status()).toBe(201);
    away.push(`${mechanic.id}/absences/${((await response.json()) as { id: string }).id}`);
  }
  const last = mechanics[2]!;

  await (await adminNavigation(page)).getByRole("link", { name: "Werkstatt" }).click();
  await expect(page).toHaveURL("/admin/werkstatt");
  const form = page.locator("details", { has: page.locator(`#absence-${last.id}-from`) });
  await form.locator("summary").click();
  const submit = form.getByRole("button", { name: `Abwesenheit von ${last.name} eintragen` });
  await form.getByLabel("Von", { exact: true }).fill(day);
  const to = form.getByLabel("Bis (leer: nur dieser Tag)");
  await to.fill("2020-01-01");
  await form.getByLabel("Grund", { exact: true }).fill("Krankenstand");
  await submit.click();
  await expect(form.getByText("Der letzte Tag darf nicht vor dem ersten liegen.")).toBeVisible();
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await screenshotForReview(form, "390-refused.png");
  await to.fill("");
  await submit.click();
  await expect(page.getByRole("status")).toHaveText(`Die Abwesenheit von „${last.name}“ wurde eingetragen.`);
  const withoutReplacement = page.getByRole("list", { name: "Termine ohne Ersatz" });
  await expect(withoutReplacement.getByText(customer)).toBeVisible();
  const [dd, mm, yyyy] = [day.slice(8), day.slice(5, 7), day.slice(0, 4)];
  const period = `${dd}.${mm}.${yyyy}`;
  await expect(page.getByText(`${period} · Krankenstand`)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotForReview(page, "390.png", { fullPage: true });
  // The light theme at 1280 px (the board starts dark; the toggle's class, without a reload that would drop the answer).
  await page.evaluate(() => document.documentElement.classList.replace("dark", "light"));
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(withoutReplacement.getByText(customer)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshotForReview(page, "1280.png", { fullPage: true });

  await withoutReplacement.getByRole("link").filter({ hasText: customer }).click();
  await expect(page).toHaveURL(`/admin/termine/${booked.id}`);
  await page.goBack();
  await expect(page).toHaveURL("/admin/werkstatt");
  await page.getByRole("link", { name: `Abwesenheit „Krankenstand“ von ${last.name} (${period}) entfernen` }).click();
  await expect(page.getByText(`Abwesenheit „Krankenstand“ von „${last.name}“ (${period}) wirklich entfernen?`)).toBeFocused();
  await screenshotForReview(page.getByRole("group", { name: /wirklich entfernen/ }), "1280-question.png");
  await page.getByRole("button", { name: "Ja, entfernen" }).click();
  await expect(page.getByRole("status")).toHaveText(`Die Abwesenheit von „${last.name}“ wurde entfernt.`);
  await expect(page.getByText(`${period} · Krankenstand`)).toHaveCount(0);
  for (const path of away) expect((await page.request.delete(`/api/v1/admin/resources/${path}`, { headers })).status()).toBe(204);
});
