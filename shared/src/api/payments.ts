import {
  insertResultSchema,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  type CreatePaymentBody,
  type PaymentIntentBody,
} from '../schemas';
import { apiRequest } from './api-client';

export const getPaymentConfig = () => apiRequest('/api/payments/config', { schema: paymentConfigSchema });

export const createPaymentIntent = (body: PaymentIntentBody) =>
  apiRequest('/api/payment/create/intent', { method: 'POST', auth: true, body, schema: paymentIntentResponseSchema });

export const createPaymentRecord = (body: CreatePaymentBody) =>
  apiRequest('/api/payment/create', { method: 'POST', auth: true, body, schema: insertResultSchema });
