/**
 * Counts written the en-US way ("1,204"), without Intl: a page's first use of Intl loads ICU's number data, about
 * 30 ms of main thread on this project's benchmark VM, and it fell in the first screen's start-up
 * (docs/decisions/039). The product writes en-US numbers only. Free of imports, so any first screen may use it.
 */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** A whole number with thousands separators: 1204 → "1,204", as `toLocaleString('en')` writes it. */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return String(count);
  const digits = Math.round(Math.abs(count)).toString().replace(THOUSANDS, ',');
  return count <= -0.5 ? `-${digits}` : digits;
}
