import { badRequest } from '../errors/http-error';

/** "12.50" -> 1250. Prices are validated decimal text (shared `priceTextSchema`); USD cents for the gateway. */
export function centsOf(price: string | number): number {
  const text = typeof price === 'number' ? price.toFixed(2) : price.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw badRequest('price: must be a price such as 12 or 12.50', 'price');
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
