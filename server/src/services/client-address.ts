import { isIPv6 } from 'node:net';

/**
 * The part of a client address one party is taken to hold, for the shares one address may add to release health
 * (docs/decisions/042): an IPv4 address whole (an IPv4-mapped IPv6 one as IPv4), an IPv6 address by its /64, since a
 * single subscriber is routinely given a whole /64 and could otherwise name a fresh address for every request.
 */
export function addressHolderOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (`::1.2.3.4`) only ever sits in the lower 64 bits, which are dropped.
  const groups = [...front, ...new Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
