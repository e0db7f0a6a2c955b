import type { BookingRow } from '../../repositories/bookings-repository';
import type { GatewayIntent } from '../../payments/payment-gateway';
import { intentProblem, refuseForeignClaims, refuseOtherPrice } from './payment-proof';

const booking = {
  id: 'booking-1',
  productId: 'product-1',
  buyerEmail: 'bea@example.test',
  price: '12.50',
  priceCents: 1250,
} as BookingRow;

const paidIntent: GatewayIntent = {
  id: 'pi_1',
  clientSecret: 'pi_1_secret',
  status: 'succeeded',
  amountCents: 1250,
  currency: 'usd',
  bookingId: 'booking-1',
};

describe('what proves a booking was paid', () => {
  it('a succeeded intent for this booking, its full amount, in dollars', () => {
    expect(intentProblem(paidIntent, booking)).toBeNull();
  });

  it.each([
    ['no intent at all', null, 'transactionId: no payment for this booking'],
    [
      'an intent for another booking',
      { ...paidIntent, bookingId: 'booking-2' },
      'transactionId: no payment for this booking',
    ],
    [
      'an intent not yet charged',
      { ...paidIntent, status: 'requires_action' },
      'transactionId: the payment has not succeeded',
    ],
    [
      'a smaller charge',
      { ...paidIntent, amountCents: 1200 },
      'transactionId: the payment’s amount does not match the booking',
    ],
    [
      'another currency',
      { ...paidIntent, currency: 'eur' },
      'transactionId: the payment’s amount does not match the booking',
    ],
  ])('not %s (400 naming transactionId)', (_case, intent, message) => {
    const problem = intentProblem(intent, booking);
    expect(problem).toMatchObject({ status: 400, message, field: 'transactionId' });
  });
});

describe('what a payment record may claim', () => {
  it('the booking’s own price, as text or number, in any of its spellings', () => {
    expect(() => refuseOtherPrice('12.50', booking)).not.toThrow();
    expect(() => refuseOtherPrice('12.5', booking)).not.toThrow();
    expect(() => refuseOtherPrice(12.5, booking)).not.toThrow();
    expect(() => refuseOtherPrice('12', booking)).toThrow('price: does not match the booking’s price');
  });

  it('the caller’s own email and the booked product', () => {
    expect(() =>
      refuseForeignClaims({ buyerEmail: 'bea@example.test', category_id: 'product-1' }, booking, 'bea@example.test'),
    ).not.toThrow();
    expect(() =>
      refuseForeignClaims({ buyerEmail: 'bo@example.test', category_id: 'product-1' }, booking, 'bea@example.test'),
    ).toThrow('buyerEmail: must be your own email');
    expect(() =>
      refuseForeignClaims({ buyerEmail: 'bea@example.test', category_id: 'product-2' }, booking, 'bea@example.test'),
    ).toThrow('category_id: is not the booked product');
  });
});
