import {
  API_CALLS,
  createPaymentBodySchema,
  paymentIntentBodySchema,
  sandboxAuthenticateBodySchema,
  sandboxConfirmBodySchema,
  type InsertResult,
  type PaymentConfig,
} from '@bookswap/shared/schemas';
import { notFound } from '../errors/http-error';
import { served } from '../http/api-call';
import { defineRoute } from '../http/route';
import type { PaymentGateway } from '../payments/payment-gateway';
import { SandboxGateway } from '../payments/sandbox-gateway';
import { createPaymentIntent } from '../services/payments/create-intent';
import { recordPayment } from '../services/payments/record-payment';

/** The card sandbox's own calls: 404 when this server uses Stripe, or when no intent has the client secret. */
async function inSandbox<T>(gateway: PaymentGateway, call: (sandbox: SandboxGateway) => Promise<T | null>): Promise<T> {
  if (!(gateway instanceof SandboxGateway)) throw notFound('The card sandbox is off: this server uses Stripe');
  const result = await call(gateway);
  if (!result) throw notFound('No payment with this client secret');
  return result;
}

export const paymentRoutes = [
  defineRoute({
    ...served(API_CALLS.paymentConfig),
    access: 'public',
    async handler(_input, { gateway }): Promise<PaymentConfig> {
      return gateway.publishableKey
        ? { mode: gateway.mode, publishableKey: gateway.publishableKey }
        : { mode: gateway.mode };
    },
  }),

  defineRoute({
    ...served(API_CALLS.createPaymentIntent),
    access: 'user',
    rule: 'own unpaid booking; the amount comes from the booking, the price must match',
    rateLimit: 'write',
    body: paymentIntentBodySchema,
    handler: ({ body, caller }, { db, gateway }) => createPaymentIntent({ db, gateway }, caller, body),
  }),

  defineRoute({
    ...served(API_CALLS.createPayment),
    access: 'user',
    rule: 'own booking; accepted only once the gateway confirms the intent succeeded for the booking’s amount; a charge that cannot be recorded is refunded',
    rateLimit: 'write',
    body: createPaymentBodySchema,
    async handler({ body, caller, reply }, { db, gateway }): Promise<InsertResult> {
      const { payment, created } = await recordPayment({ db, gateway }, caller, body);
      // A replay answers 200 with the record the first call created.
      if (created) reply.status(201);
      return payment;
    },
  }),

  defineRoute({
    ...served(API_CALLS.confirmSandboxPayment),
    access: 'public',
    rule: 'the client secret is the capability, as with Stripe.js',
    rateLimit: 'write',
    body: sandboxConfirmBodySchema,
    handler: ({ body }, { gateway }) => inSandbox(gateway, (sandbox) => sandbox.confirm(body)),
  }),

  defineRoute({
    ...served(API_CALLS.authenticateSandboxPayment),
    access: 'public',
    rule: 'the client secret is the capability; completes the 3-D Secure step of 4000 0025 0000 3155',
    rateLimit: 'write',
    body: sandboxAuthenticateBodySchema,
    handler: ({ body }, { gateway }) => inSandbox(gateway, (sandbox) => sandbox.authenticate(body)),
  }),
];
