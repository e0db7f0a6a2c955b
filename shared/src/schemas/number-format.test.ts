import { formatCount } from './number-format';

describe('counts as a page writes them', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-4_500)).toBe('-4,500');
  });

  it('writes every whole number as toLocaleString(’en’) does', () => {
    for (let count = -50_000; count < 5_000_000; count += 4_987)
      expect([count, formatCount(count)]).toEqual([count, count.toLocaleString('en')]);
  });
});
