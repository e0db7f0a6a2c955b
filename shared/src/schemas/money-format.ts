/**
 * One money format for every remote, and for the server's notices and emails: "$19.50", "$1,204.00", the way US shops
 * write it. Written by hand rather than with Intl, whose first use on a page costs the first screen's start-up
 * (number-format.ts); free of other imports so the storefront's first screen, which shows prices, loads nothing more.
 */
import { formatCount } from './number-format';

/** Cents, rounded half away from zero on the decimal the number prints as (as Intl rounds): 2.675 → 268, not 267. */
function centsOf(amount: number): number {
  const shifted = Number(`${amount}e2`);
  return Math.round(Number.isFinite(shifted) ? shifted : amount * 100);
}

/**
 * A price as the wire carries it (decimal text such as "19.5" or "12", product.md §3), written as dollars. Text that
 * is no number (an old listing typed by hand) shows as it is rather than as "$NaN".
 */
export function formatPrice(price: string): string {
  const amount = price.trim() === '' ? Number.NaN : Number(price);
  if (!Number.isFinite(amount)) return price;
  const cents = centsOf(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}
