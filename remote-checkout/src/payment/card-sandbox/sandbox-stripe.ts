import type {
  ConfirmCardPaymentData,
  PaymentIntent,
  PaymentIntentResult,
  Stripe,
  StripeElements,
  StripeError,
} from '@stripe/stripe-js';
import { ApiError, apiRequest } from '@bookswap/shared/api';
import {
  API_CALLS,
  apiPath,
  sandboxConfirmResponseSchema,
  type SandboxConfirmResponse,
} from '@bookswap/shared/schemas';
import { askForAuthentication } from './authentication-dialog';
import { SandboxCardElement } from './sandbox-card-element';

/** Stripe's client secrets are `<intent id>_secret_<random>`; the sandbox's follow the same form. */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? clientSecret;

function stripeIntent(
  clientSecret: string,
  intent: { id: string; status: PaymentIntent.Status; amount: number; currency: string },
): PaymentIntent {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecret,
    confirmation_method: 'automatic',
    created: Math.floor(Date.now() / 1000),
    currency: intent.currency,
    description: null,
    last_payment_error: null,
    livemode: false,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    receipt_email: null,
    setup_future_usage: null,
    shipping: null,
    status: intent.status,
  };
}

const failure = (error: StripeError): PaymentIntentResult => ({ error });

type SandboxAnswer = Extract<SandboxConfirmResponse, { paymentIntent: unknown }> | { error: StripeError };

const { confirmSandboxPayment, authenticateSandboxPayment } = API_CALLS;

/** A call to the server's card sandbox; a failed call answers the way Stripe.js reports one. */
async function sandboxCall(
  apiCall: typeof confirmSandboxPayment | typeof authenticateSandboxPayment,
  body: unknown,
): Promise<SandboxAnswer> {
  try {
    return await apiRequest(apiPath(apiCall), { method: apiCall.method, body, schema: sandboxConfirmResponseSchema });
  } catch (error) {
    const unreachable = error instanceof ApiError && error.status === 0;
    return {
      error: {
        type: unreachable ? 'api_connection_error' : 'api_error',
        message: error instanceof Error ? error.message : 'The card sandbox did not answer.',
      },
    };
  }
}

function resultOf(clientSecret: string, answer: SandboxAnswer): PaymentIntentResult {
  if ('error' in answer) return failure({ ...answer.error });
  return { paymentIntent: stripeIntent(clientSecret, answer.paymentIntent) };
}

/** `elements()` of the sandbox: it creates the card element, the one Element this product mounts. */
function sandboxElements(): StripeElements {
  const created = new Map<string, SandboxCardElement>();
  const elements = {
    create(type: string, options?: { disabled?: boolean }) {
      if (type !== 'card') throw new Error(`The card sandbox has no ${type} Element; it provides the card Element.`);
      if (created.has(type)) throw new Error('Can only create one Element of type card.');
      const element = new SandboxCardElement(options, () => created.delete(type));
      created.set(type, element);
      return element.asStripeElement();
    },
    // Stripe.js also takes react-stripe-js's component (`getElement(CardElement)`), which names its type.
    getElement(type: string | { __elementType?: string }) {
      const name = typeof type === 'string' ? type : type.__elementType;
      return (name && created.get(name)?.asStripeElement()) ?? null;
    },
    update() {},
    fetchUpdates: () => Promise.resolve({}),
    submit: () => Promise.resolve({}),
  };
  // Stripe's Elements type lists every Element kind; the sandbox implements the card one.
  return elements as unknown as StripeElements;
}

/**
 * A stand-in for Stripe.js when the server runs its local card sandbox (docs/architecture.md, "Payments"): the
 * same object shape `<Elements stripe={...}>` and `useStripe()` expect, for exactly the calls this
 * product makes. `confirmCardPayment` sends the card to `POST /api/payments/sandbox/confirm` (which
 * follows Stripe's test cards), shows the 3-D Secure step when the card asks for it, and answers with
 * Stripe's result shape: `{ paymentIntent }` or `{ error }` with Stripe's codes and messages.
 */
export function createSandboxStripe(): Stripe {
  const cardOf = (data?: ConfirmCardPaymentData): SandboxCardElement | null => {
    const method = data?.payment_method;
    if (!method || typeof method === 'string' || !('card' in method)) return null;
    return method.card instanceof SandboxCardElement ? method.card : null;
  };

  const sandbox = {
    elements: () => sandboxElements(),

    async confirmCardPayment(clientSecret: string, data?: ConfirmCardPaymentData): Promise<PaymentIntentResult> {
      const element = cardOf(data);
      if (!element) {
        return failure({
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message: 'The card sandbox confirms payments made with its card Element: pass it as payment_method.card.',
        });
      }
      const typed = element.read();
      // Like Stripe.js, an unfinished card is refused in the browser and never reaches the server.
      if ('error' in typed) return failure(typed.error);
      const method = data?.payment_method;
      const billing = method && typeof method !== 'string' ? method.billing_details : undefined;
      const confirmed = await sandboxCall(confirmSandboxPayment, {
        clientSecret,
        card: typed.card,
        billingDetails: { name: billing?.name ?? undefined, email: billing?.email ?? undefined },
      });
      if ('error' in confirmed || confirmed.paymentIntent.status !== 'requires_action') {
        return resultOf(clientSecret, confirmed);
      }
      const approve = await askForAuthentication(confirmed.paymentIntent);
      return resultOf(clientSecret, await sandboxCall(authenticateSandboxPayment, { clientSecret, approve }));
    },

    // Not used by this product; present because react-stripe-js checks for them to recognise a Stripe object.
    createToken: () => Promise.resolve(failure(notInSandbox('createToken'))),
    createPaymentMethod: () => Promise.resolve(failure(notInSandbox('createPaymentMethod'))),
  };
  // Stripe's type lists its whole API; the sandbox implements the part this product calls.
  return sandbox as unknown as Stripe;
}

function notInSandbox(method: string): StripeError {
  return { type: 'invalid_request_error', message: `The card sandbox does not provide ${method}.` };
}
