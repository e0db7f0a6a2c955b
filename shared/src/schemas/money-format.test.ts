import { formatPrice } from './money-format';

const intlDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('the one money format', () => {
  it('writes every price as dollars with cents', () => {
    expect(formatPrice('19.5')).toBe('$19.50');
    expect(formatPrice('12')).toBe('$12.00');
    expect(formatPrice('0.99')).toBe('$0.99');
    expect(formatPrice('1204')).toBe('$1,204.00');
    expect(formatPrice('9999999.99')).toBe('$9,999,999.99');
    expect(formatPrice(' 7.25 ')).toBe('$7.25');
  });

  it('shows text that is no number as it is', () => {
    expect(formatPrice('')).toBe('');
    expect(formatPrice('ask me')).toBe('ask me');
  });

  it('writes what Intl’s en-US dollars write, rounding included', () => {
    const prices = ['2.675', '1.005', '0.005', '-5', '-0.001', '1234567.891', '0', '100000', '0.1', '1e3'];
    for (let cents = 0; cents < 2_000_000; cents += 7_919) prices.push(String(cents / 100));
    for (const price of prices) expect([price, formatPrice(price)]).toEqual([price, intlDollars.format(Number(price))]);
  });
});
