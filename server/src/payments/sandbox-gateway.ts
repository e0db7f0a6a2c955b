import { randomBytes } from 'node:crypto';
import {
  passesLuhn,
  type SandboxAuthenticateBody,
  type SandboxConfirmBody,
  type SandboxConfirmResponse,
} from '@bookswap/shared/schemas';
import type { Database } from '../db/database';
import {
  insertIntentOnce,
  intentByClientSecret,
  intentById,
  moveIntentStatus,
  setIntentRefunded,
  setIntentStatus,
  type SandboxIntentRow,
} from '../repositories/sandbox-intents-repository';
import type { CreateIntentInput, GatewayIntent, GatewayRefund, PaymentGateway } from './payment-gateway';

type Row = SandboxIntentRow;

function toIntent(row: Row): GatewayIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    bookingId: row.bookingId,
  };
}

/** Stripe's test cards that succeed (https://docs.stripe.com/testing): Visa, Mastercard, Amex, Discover, ... */
const SUCCEEDING_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '3566002020360505',
  '6200000000000005',
]);

type CardError = Extract<SandboxConfirmResponse, { error: unknown }>['error'];

/** Stripe's 3-D Secure test card: the payment waits for the user to authenticate (`requires_action`). */
const AUTHENTICATION_CARDS = new Set(['4000002500003155']);

/** Stripe.js's message when the user fails or cancels 3-D Secure. */
const AUTHENTICATION_FAILURE: CardError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

function digitsOf(card: SandboxConfirmBody['card']): string {
  return card.number.replace(/\s+/g, '');
}

/** True for a card that needs 3-D Secure before it is charged. */
export function requiresAuthentication(card: SandboxConfirmBody['card']): boolean {
  return AUTHENTICATION_CARDS.has(digitsOf(card));
}

/** Stripe's test cards that fail, with the codes and messages Stripe.js reports for them. */
const FAILING_CARDS: Record<string, CardError> = {
  '4000000000000002': {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'lost_card',
    message: 'Your card was declined.',
  },
  '4000000000009979': {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'stolen_card',
    message: 'Your card was declined.',
  },
  '4000000000000069': { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    type: 'card_error',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** What the sandbox decides for a card, as Stripe's test mode would. */
export function judgeCard(card: SandboxConfirmBody['card'], now = new Date()): CardError | null {
  const digits = digitsOf(card);
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const expiresAfter = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (expiresAfter <= now) return { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' };
  const failure = FAILING_CARDS[digits];
  if (failure) return failure;
  if (SUCCEEDING_CARDS.has(digits) || AUTHENTICATION_CARDS.has(digits)) return null;
  // Test mode declines real card numbers.
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'test_mode_live_card',
    message: 'Your card was declined.',
  };
}

/** The local card sandbox: intents kept in the database, confirmed by `POST /api/payments/sandbox/confirm`. */
export class SandboxGateway implements PaymentGateway {
  readonly mode = 'sandbox' as const;
  readonly publishableKey = undefined;

  constructor(private readonly db: Database) {}

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
    const intent = await insertIntentOnce(this.db, {
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      idempotencyKey: input.idempotencyKey,
      amountCents: input.amountCents,
      currency: input.currency,
      bookingId: input.bookingId,
      status: 'requires_payment_method',
    });
    return toIntent(intent);
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    const row = await intentById(this.db, id);
    return row ? toIntent(row) : null;
  }

  /**
   * Gives a succeeded intent's money back (recorded on the intent), or cancels one never charged. Repeating it
   * answers the same refund.
   */
  async refund(intentId: string): Promise<GatewayRefund> {
    const row = await intentById(this.db, intentId);
    if (!row) throw new Error(`The card sandbox has no payment ${intentId}`);
    if (row.status === 'succeeded') {
      await setIntentRefunded(this.db, row.id, row.amountCents);
      return { id: `re_${row.id.replace(/^pi_/, '')}`, status: 'succeeded', amountCents: row.amountCents };
    }
    await setIntentStatus(this.db, row.id, 'canceled');
    return { id: row.id, status: 'canceled', amountCents: 0 };
  }

  private async bySecret(clientSecret: string): Promise<Row | null> {
    return (await intentByClientSecret(this.db, clientSecret)) ?? null;
  }

  /** Null when no intent has this client secret. */
  async confirm(body: SandboxConfirmBody): Promise<SandboxConfirmResponse | null> {
    const row = await this.bySecret(body.clientSecret);
    if (!row) return null;
    if (row.status === 'succeeded' || row.status === 'canceled') return unexpectedState(row);
    const error = judgeCard(body.card);
    if (error) {
      // A new card that fails replaces the one waiting for authentication, as with Stripe.
      if (row.status === 'requires_action') {
        await setIntentStatus(this.db, row.id, 'requires_payment_method');
      }
      return { error };
    }
    // Like Stripe: the 3-D Secure card is not charged until the user authenticates.
    const status = requiresAuthentication(body.card) ? 'requires_action' : 'succeeded';
    await setIntentStatus(this.db, row.id, status);
    return { paymentIntent: { id: row.id, status, amount: row.amountCents, currency: row.currency } };
  }

  /**
   * The user's answer to the 3-D Secure step. Approved: charged. Rejected: Stripe's authentication failure,
   * and the intent takes a payment method again. Null when no intent has this client secret.
   */
  async authenticate(body: SandboxAuthenticateBody): Promise<SandboxConfirmResponse | null> {
    const row = await this.bySecret(body.clientSecret);
    if (!row) return null;
    // Only the intent still waiting moves on: a repeated or concurrent answer finds it moved already.
    const moved = await moveIntentStatus(
      this.db,
      row.id,
      'requires_action',
      body.approve ? 'succeeded' : 'requires_payment_method',
    );
    if (!moved) return unexpectedState((await this.bySecret(body.clientSecret)) ?? row);
    if (!body.approve) return { error: AUTHENTICATION_FAILURE };
    return {
      paymentIntent: { id: row.id, status: 'succeeded', amount: row.amountCents, currency: row.currency },
    };
  }
}

function unexpectedState(row: Row): SandboxConfirmResponse {
  const messages: Record<Row['status'], string> = {
    succeeded: 'This payment has already succeeded.',
    canceled: 'This payment was cancelled.',
    requires_payment_method: 'This payment does not need authentication; confirm it with a card first.',
    requires_action: 'This payment is waiting for authentication.',
  };
  return {
    error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: messages[row.status] },
  };
}
