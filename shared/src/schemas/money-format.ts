/**
 * One money format for every remote, and for the server's notices and emails: "$19.50", "$1,204.00", the way US shops write it. Kept free of
 * imports so the storefront's first screen, which shows prices, loads nothing more for it.
 */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * A price as the wire carries it (decimal text such as "19.5" or "12", product.md §3), written as dollars. Text that
 * is no number (an old listing typed by hand) shows as it is rather than as "$NaN".
 */
export function formatPrice(price: string): string {
  const amount = price.trim() === '' ? Number.NaN : Number(price);
  return Number.isFinite(amount) ? dollars.format(amount) : price;
}
