import Stripe from 'stripe';
import type { CreateIntentInput, GatewayIntent, GatewayRefund, PaymentGateway } from './payment-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey?: string;
  /** Points the client at a local fake in tests (the package's own host/port/protocol options). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

function toIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    bookingId: intent.metadata?.bookingId ?? null,
  };
}

export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  readonly publishableKey?: string;
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.api ?? {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        allowed_payment_method_types: ['card'],
        metadata: { bookingId: input.bookingId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** A refund of the whole charge for a succeeded intent, else a cancellation; idempotency keys make it repeatable. */
  async refund(intentId: string): Promise<GatewayRefund> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId);
    if (intent.status === 'succeeded') {
      const refund = await this.stripe.refunds.create(
        { payment_intent: intent.id, metadata: intent.metadata ?? {} },
        { idempotencyKey: `refund-${intent.id}` },
      );
      return { id: refund.id, status: refund.status ?? 'pending', amountCents: refund.amount };
    }
    if (intent.status === 'canceled') return { id: intent.id, status: 'canceled', amountCents: 0 };
    const canceled = await this.stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `cancel-${intent.id}` });
    return { id: canceled.id, status: canceled.status, amountCents: 0 };
  }
}
