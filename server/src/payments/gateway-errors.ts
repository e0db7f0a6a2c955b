import Stripe from 'stripe';

export const PAYMENT_SERVICE_MESSAGE =
  'The card payment service could not be reached or refused the server; try again later.';

/**
 * An error from the payment service's own API (its 401 for a bad key, its 5xx, a timeout). Passed on as it
 * is, Stripe's 401 would sign the buyer out: for the client it is an upstream failure (502).
 */
export function isPaymentServiceError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError;
}
