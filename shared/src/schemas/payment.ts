import { z } from 'zod';
import './jitless-zod';
import { emailSchema, idSchema, priceTextSchema } from './common';
import { wireRecordSchema } from './wire-record';

export const paymentIntentBodySchema = z.object({
  price: z.union([z.number().nonnegative(), priceTextSchema]),
  /** The booking being paid; the amount is taken from it, the price must match. */
  bookingid: idSchema,
});
export type PaymentIntentBody = z.input<typeof paymentIntentBodySchema>;
export const paymentIntentResponseSchema = z.object({ clientSecret: z.string() });

export const createPaymentBodySchema = z.object({
  price: z.union([z.number().nonnegative(), priceTextSchema]),
  bookingid: idSchema,
  buyerEmail: emailSchema,
  category_id: idSchema,
  transactionId: z.string().trim().min(1, 'transactionId is required').max(255),
});
export type CreatePaymentBody = z.input<typeof createPaymentBodySchema>;

export const paymentRecordSchema = wireRecordSchema.extend({
  price: z.string(),
  bookingid: z.string(),
  buyerEmail: z.string(),
  category_id: z.string(),
  /** Never empty: the create call requires one, and a payment without it could not be matched to its charge. */
  transactionId: z.string().min(1),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** What the browser needs to choose real Stripe.js or the local card sandbox. */
export const paymentConfigSchema = z.object({
  mode: z.enum(['stripe', 'sandbox']),
  publishableKey: z.string().optional(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The local card sandbox's confirmation call, shaped like Stripe's confirmCardPayment input. */
export const sandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1),
  card: z.object({
    number: z.string().regex(/^[\d ]{12,23}$/, 'card number is incomplete'),
    expMonth: z.coerce.number().int().min(1).max(12),
    expYear: z.coerce.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'cvc is incomplete'),
  }),
  billingDetails: z.object({ name: z.string().max(200).optional(), email: z.string().max(254).optional() }).optional(),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBodySchema>;

/**
 * The sandbox's answer, shaped like Stripe.js's `confirmCardPayment` result: the succeeded intent, an intent
 * that `requires_action` (Stripe's 3-D Secure test card 4000 0025 0000 3155: the browser then asks the user
 * and calls `POST /api/payments/sandbox/authenticate`), or a card error whose message the payment form shows
 * in red (product.md §4). Always 200 for a known client secret. The authenticate call answers the same shape.
 */
export const sandboxConfirmResponseSchema = z.union([
  z.object({
    paymentIntent: z.object({
      id: z.string(),
      status: z.enum(['succeeded', 'requires_action']),
      amount: z.number(),
      currency: z.string(),
    }),
  }),
  z.object({
    error: z.object({
      type: z.enum(['card_error', 'invalid_request_error']),
      code: z.string(),
      decline_code: z.string().optional(),
      message: z.string(),
    }),
  }),
]);
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

/** The user's answer to the sandbox's 3-D Secure step: approve completes the payment, reject fails it. */
export const sandboxAuthenticateBodySchema = z.object({
  clientSecret: z.string().min(1),
  approve: z.boolean({ message: 'approve must be true or false' }),
});
export type SandboxAuthenticateBody = z.infer<typeof sandboxAuthenticateBodySchema>;

/** The card number's check digit (Luhn): the browser's card field and the server's card sandbox both check it. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
