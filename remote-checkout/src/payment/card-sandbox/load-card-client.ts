import type { Stripe } from '@stripe/stripe-js';
import type { PaymentConfig } from '@bookswap/shared/schemas';
import { createSandboxStripe } from './sandbox-stripe';

/**
 * The card client `<Elements>` gets (docs/architecture.md, "Payments"): real Stripe.js only when the server says
 * it charges through Stripe and gives its publishable key, loaded then and only then (the `pure` entry
 * adds Stripe's script on the first `loadStripe` call, not on import); otherwise the local sandbox.
 */
export async function loadCardClient(config: PaymentConfig): Promise<Stripe | null> {
  if (config.mode === 'stripe' && config.publishableKey) {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    return loadStripe(config.publishableKey);
  }
  return createSandboxStripe();
}
