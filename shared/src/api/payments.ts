import type { CreatePaymentBody, PaymentIntentBody } from '../schemas';
import { apiRequest } from './api-client';

export const getPaymentConfig = () => apiRequest('/api/payments/config', { answer: 'paymentConfig' });

export const createPaymentIntent = (body: PaymentIntentBody) =>
  apiRequest('/api/payment/create/intent', { method: 'POST', auth: true, body, answer: 'paymentIntent' });

export const createPaymentRecord = (body: CreatePaymentBody) =>
  apiRequest('/api/payment/create', { method: 'POST', auth: true, body, answer: 'inserted' });
