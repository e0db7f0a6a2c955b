/** A payment intent as the server needs to see it, whichever gateway holds it. */
export interface GatewayIntent {
  id: string;
  clientSecret: string;
  /** Stripe's statuses; only `succeeded` lets a booking be marked paid. */
  status: string;
  amountCents: number;
  currency: string;
  bookingId: string | null;
}

export interface GatewayRefund {
  /** The gateway's refund id, or the intent's own id when it was cancelled before any charge. */
  id: string;
  /** Stripe's refund statuses (`succeeded`, `pending`, ...), or `canceled` for an intent never charged. */
  status: string;
  amountCents: number;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'usd';
  bookingId: string;
  /** The same key gives back the same intent, so a retried request never charges twice. */
  idempotencyKey: string;
}

/**
 * Card payments (docs/architecture.md "Payments"): the real Stripe API when STRIPE_SECRET_KEY is set, otherwise the
 * local card sandbox. The server trusts a payment only after retrieving its intent here itself.
 */
export interface PaymentGateway {
  readonly mode: 'sandbox' | 'stripe';
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** Null when the gateway does not know the id. */
  retrieveIntent(id: string): Promise<GatewayIntent | null>;
  /**
   * Gives the money of a succeeded intent back, or cancels one not charged yet. Safe to repeat: the same
   * intent gives the same refund.
   */
  refund(intentId: string): Promise<GatewayRefund>;
}
