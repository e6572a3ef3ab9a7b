/** How the car's data reads in German, on the board and in the e-mails. */

const mileageFormat = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 0 });

/** 123456 → "123.456 km" */
export function formatMileage(km: number): string {
  return `${mileageFormat.format(km)} km`;
}

/** "2015-03" → "03/2015" */
export function formatMonthDE(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}
