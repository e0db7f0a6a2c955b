import { formatPrice } from './money-format';

describe('the one money format', () => {
  it('writes every price as dollars with cents', () => {
    expect(formatPrice('19.5')).toBe('$19.50');
    expect(formatPrice('12')).toBe('$12.00');
    expect(formatPrice('0.99')).toBe('$0.99');
    expect(formatPrice('1204')).toBe('$1,204.00');
    expect(formatPrice(' 7.25 ')).toBe('$7.25');
  });

  it('shows text that is no number as it is', () => {
    expect(formatPrice('')).toBe('');
    expect(formatPrice('ask me')).toBe('ask me');
  });
});
