import type { CreatePaymentBody, PaymentIntentBody } from '../schemas';
import { apiRequest } from './api-client';
import { API_CALLS, apiPath } from '../schemas/api-calls';

const { paymentConfig, createPaymentIntent: createIntent, createPayment } = API_CALLS;

export const getPaymentConfig = () => apiRequest(apiPath(paymentConfig), { answer: paymentConfig.answer });

export const createPaymentIntent = (body: PaymentIntentBody) =>
  apiRequest(apiPath(createIntent), { method: createIntent.method, auth: true, body, answer: createIntent.answer });

export const createPaymentRecord = (body: CreatePaymentBody) =>
  apiRequest(apiPath(createPayment), { method: createPayment.method, auth: true, body, answer: createPayment.answer });
