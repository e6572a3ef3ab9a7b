import { bookableDays, bookDayFull, bookFreeSlot, freeTimes, OWN_DAYS } from "./booking-days";
import { expect, loginAsAdmin, test } from "./fixtures";
import { NO_SHOW_CUSTOMER } from "./no-show-day";

/** Issue 28: a full day's waiting list in the booking form, and 'Nicht erschienen' on the board. */

const germanDate = (date: string) => date.split("-").reverse().join(".");

test.describe("the waiting list of a fully booked day", () => {
  test("a full day in the picker offers 'Auf die Warteliste', and joining works", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const day = OWN_DAYS.waitlist;
    await bookDayFull(request, baseURL!, day, "Voll Warteliste");
    expect(await freeTimes(request, day)).toEqual([]);

    await page.goto("/#booking");
    const booking = page.locator("#booking");
    await expect(booking.locator(".rdp-root")).toBeVisible({ timeout: 15_000 });
    const dayButton = booking.getByRole("button", { name: new RegExp(germanDate(day).replace(/\./g, "\\.")) });
    for (let i = 0; i < 4 && !(await dayButton.isVisible()); i++) await booking.getByRole("button", { name: "Nächster Monat" }).click();
    await expect(dayButton).toHaveAccessibleName(/ausgebucht – Warteliste möglich/);
    await dayButton.click();
    const join = booking.getByRole("button", { name: "Auf die Warteliste" });
    await expect(join).toBeVisible();
    await booking.getByLabel("Name *").fill("Wanda Warte");
    await booking.getByLabel("E-Mail *").fill(`wanda-${Date.now()}@example.at`);
    await booking.getByLabel("Telefon *").fill("0660 7654321");
    await booking.getByLabel("Leistung *").selectOption("Ölwechsel");
    await join.click();
    await expect(booking.getByTestId("waitlist-joined")).toContainText(`Sie stehen auf der Warteliste für ${germanDate(day)}`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a refused request on the full day offers the waiting list, and its button joins it", async ({ page, request, baseURL }) => {
      const day = OWN_DAYS.waitlist;
      await bookDayFull(request, baseURL!, day, "Voll Warteliste");
      await page.goto(`/termin-anfragen?datum=${day}&leistung=${encodeURIComponent("Ölwechsel")}`);
      const booking = page.locator("#booking");
      await expect(booking.getByLabel("Datum *")).toHaveValue(day);
      await booking.getByLabel("Uhrzeit *").selectOption("09:00");
      await booking.getByLabel("Name *").fill("Otto Ohne");
      await booking.getByLabel("E-Mail *").fill(`otto-${Date.now()}@example.at`);
      await booking.getByLabel("Telefon *").fill("0660 7654322");
      await booking.getByRole("button", { name: "Termin beantragen" }).click();
      await booking.getByRole("button", { name: "Auf die Warteliste" }).click();
      await expect(page).toHaveURL(new RegExp(`warteliste=${day}`));
      await expect(booking.getByTestId("waitlist-joined")).toContainText(`Sie stehen auf der Warteliste für ${germanDate(day)}`);
    });
  });
});

test("the board marks yesterday's car that never came 'Nicht erschienen' and shows it beside the customer's next request", async ({
  page,
  request,
  baseURL,
}) => {
  await loginAsAdmin(page);
  await page.goto(`/admin?period=past&q=${encodeURIComponent(NO_SHOW_CUSTOMER.name)}`);
  const row = page.locator("tr", { hasText: NO_SHOW_CUSTOMER.name });
  await row.getByRole("button", { name: "Nicht erschienen", exact: true }).click();
  await expect(row.getByText("Nicht erschienen", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Nicht erschienen rückgängig" })).toBeVisible();

  // The same customer asks again (the phone written differently): the board says so beside the request.
  await bookFreeSlot(
    request,
    baseURL!,
    { name: "Nie Wieder", email: NO_SHOW_CUSTOMER.email.toUpperCase(), phone: "+43 660 9090901", service: "Wartung" },
    async () => {
      const [date] = await bookableDays(request, 40, 90);
      return { date: date!, time: (await freeTimes(request, date!))[0]! };
    },
  );
  await page.goto(`/admin?q=${encodeURIComponent("Nie Wieder")}`);
  await expect(page.locator("tr", { hasText: "Nie Wieder" }).getByTestId("earlier-no-shows")).toHaveText("1× früher nicht erschienen");
});
