/** Amounts as they read in Austria: 18000 cents → "€ 180,00". */
const euro = new Intl.NumberFormat("de-AT", { style: "currency", currency: "EUR" });

export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}

/** 18000 → "180,00": the board's form field shows a stored amount as it is typed. */
export function euroInput(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2).replace(".", ",");
}
