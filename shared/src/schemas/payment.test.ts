import { paymentRecordSchema } from './payment';

describe('a stored payment as the API answers with it', () => {
  const record = {
    _id: 'pay1',
    price: '12.50',
    bookingid: 'b1',
    buyerEmail: 'buyer@bookswap.test',
    category_id: 'p1',
    transactionId: 'pi_1',
  };

  it('reads a payment that names the charge it records', () => {
    expect(paymentRecordSchema.parse(record)).toEqual(record);
  });

  it('refuses one without a transaction id: it could not be matched to its charge', () => {
    expect(paymentRecordSchema.safeParse({ ...record, transactionId: '' }).success).toBe(false);
  });
});
