import { addressHolderOf } from './client-address';

describe('whose share of release health a request counts in', () => {
  it('is an IPv4 address itself, and an IPv6 address’s /64 however it is written', () => {
    expect(addressHolderOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressHolderOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const subscriber = '2001:db8:aa:bb::/64';
    for (const ip of ['2001:db8:aa:bb::1', '2001:0db8:00aa:00bb:ffff:1:2:3', '2001:DB8:AA:BB:0:0:0:9'])
      expect(addressHolderOf(ip)).toBe(subscriber);
    expect(addressHolderOf('2001:db8:aa:bc::1')).not.toBe(subscriber);
    expect(addressHolderOf('::1')).toBe('0:0:0:0::/64');
  });
});
