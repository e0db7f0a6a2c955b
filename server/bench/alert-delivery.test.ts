import type { CaughtMail } from '../src/testing/mail-catcher';
import { alertTargetMet, deliveryDelays, deliverySummary, type AlertListing } from './alert-delivery';

const listing = (title: string, holderEmail: string, createdAt: number): AlertListing => ({
  title,
  holderEmail,
  createdAt,
});

const digest = (to: string, titles: string[], receivedAt: number): CaughtMail => ({
  to: [to],
  subject: `Bookswap: ${titles.length} new books for "x"`,
  messageId: `<${to}-${receivedAt}>`,
  raw: '',
  text: [
    `${titles.length} new books match your saved search "x":`,
    '',
    ...titles.map((title) => `- ${title} by Bench Author, 12.50, Good`),
    '',
    'To stop these emails for this search, open http://localhost/unsubscribe',
  ].join('\n'),
  receivedAt,
});

describe("bench:load's saved-search delivery", () => {
  it('times each listing to the first digest to its buyer that names its title', () => {
    const listings = [
      listing('Alertfinch listing 001', 'a@x.test', 1_000),
      listing('Alertheron listing 002', 'b@x.test', 2_000),
      listing('Alertfinch listing 003', 'a@x.test', 3_000),
    ];
    const mails = [
      digest('a@x.test', ['Alertfinch listing 001'], 61_000),
      digest('b@x.test', ['Alertheron listing 002'], 62_500),
      // A later digest naming the first listing again does not move its time.
      digest('a@x.test', ['Alertfinch listing 003', 'Alertfinch listing 001'], 121_000),
    ];
    expect(deliveryDelays(listings, mails)).toEqual([60_000, 60_500, 118_000]);
  });

  it("does not count a digest to another buyer, one caught before the listing, or a title's longer namesake", () => {
    const listings = [listing('Alertfinch listing 001', 'a@x.test', 10_000)];
    expect(
      deliveryDelays(listings, [
        digest('b@x.test', ['Alertfinch listing 001'], 20_000),
        digest('a@x.test', ['Alertfinch listing 001'], 9_000),
        digest('a@x.test', ['Alertfinch listing 0011'], 30_000),
      ]),
    ).toEqual([null]);
  });

  it('summarises the arrived delays in seconds and counts the missing ones', () => {
    const delays = [...Array.from({ length: 19 }, (_, i) => (i + 1) * 1000), 90_000, null];
    expect(deliverySummary(delays)).toEqual({
      listings: 21,
      arrived: 20,
      p50Seconds: 10,
      p95Seconds: 19,
      maxSeconds: 90,
    });
  });

  it('meets "alert email ≤ 5 min" only when every digest arrived within five minutes', () => {
    expect(alertTargetMet({ listings: 12, arrived: 12, maxSeconds: 300 })).toBe(true);
    expect(alertTargetMet({ listings: 12, arrived: 12, maxSeconds: 300.1 })).toBe(false);
    expect(alertTargetMet({ listings: 12, arrived: 11, maxSeconds: 70 })).toBe(false);
    expect(alertTargetMet({ listings: 0, arrived: 0, maxSeconds: NaN })).toBe(false);
  });
});
