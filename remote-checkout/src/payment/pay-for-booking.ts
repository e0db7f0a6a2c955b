import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { createPaymentRecord, messageOf } from '@bookswap/shared/api';
import type { Booking } from '@bookswap/shared/schemas';
import { intentIdOf } from './card-sandbox/sandbox-stripe';

export interface Buyer {
  name: string;
  email: string;
}

export type PaymentOutcome = { paid: true; transactionId: string } | { paid: false; message: string };

const NOT_CHARGED = 'Your card was not charged. Please try again.';

/** Records a charge the card provider confirmed; the server checks it with the provider itself. */
async function record(booking: Booking, buyer: Buyer, transactionId: string): Promise<PaymentOutcome> {
  try {
    await createPaymentRecord({
      price: booking.price,
      bookingid: booking._id,
      buyerEmail: buyer.email,
      category_id: booking.category_id,
      transactionId,
    });
    return { paid: true, transactionId };
  } catch (error) {
    // Among these, the server's "This book was sold to someone else. Your payment was refunded."
    return { paid: false, message: messageOf(error) };
  }
}

/**
 * product.md §4's payment: confirm the card payment with the billing name and email, then create the payment
 * record with the provider's transaction id. The provider's error message comes back for the form.
 */
export async function payForBooking(
  stripe: Stripe,
  card: StripeCardElement,
  clientSecret: string,
  booking: Booking,
  buyer: Buyer,
): Promise<PaymentOutcome> {
  const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
    payment_method: { card, billing_details: { name: buyer.name, email: buyer.email } },
  });
  if (error) {
    if (error.code === 'payment_intent_unexpected_state') {
      // The intent was already charged by an earlier attempt whose record never arrived (a reload or a lost
      // answer mid-payment): record that charge instead of making another. The server refuses it if not paid.
      const earlier = await record(booking, buyer, error.payment_intent?.id ?? intentIdOf(clientSecret));
      if (earlier.paid) return earlier;
    }
    return { paid: false, message: error.message ?? NOT_CHARGED };
  }
  if (paymentIntent.status !== 'succeeded') return { paid: false, message: NOT_CHARGED };
  return record(booking, buyer, paymentIntent.id);
}
