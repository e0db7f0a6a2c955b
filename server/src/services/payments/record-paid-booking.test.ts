import {
  ADA_ADMIN,
  BEA_BUYER,
  BO_BUYER,
  call,
  givenBooking,
  givenProduct,
  SAM_SELLER,
  serverForThisFile,
} from '../../testing/test-server';
import { bookingById } from '../../repositories/bookings-repository';
import { listingById } from '../../repositories/products-repository';
import { recordPaidBooking } from './record-paid-booking';

const { server, seller, buyer, buyer2, admin } = serverForThisFile({
  seller: SAM_SELLER,
  buyer: BEA_BUYER,
  buyer2: BO_BUYER,
  admin: ADA_ADMIN,
});

async function booked(by = buyer) {
  const productId = await givenProduct(server, seller, { resale_price: '12.50' });
  const bookingId = await givenBooking(server, by, productId);
  return { productId, booking: (await bookingById(server.db, bookingId))! };
}

describe('recording a charged booking, in one transaction', () => {
  it('marks the booking paid and the book sold and out of the ads, and writes the payment', async () => {
    const { productId, booking } = await booked();
    await call(server, 'PUT', `/api/product/update/${productId}`, { as: seller, body: {} });
    const outcome = await recordPaidBooking(server.db, booking, 'pi_recorded_once', buyer.email);
    expect(outcome).toEqual({ paymentId: expect.any(String) });
    expect((await bookingById(server.db, booking.id))?.paid).toBe(true);
    expect(await listingById(server.db, productId)).toMatchObject({ sold: true, advertised: false });
  });

  it('answers why and writes nothing when the booking is already paid', async () => {
    const { booking } = await booked();
    await recordPaidBooking(server.db, booking, 'pi_first_charge', buyer.email);
    expect(await recordPaidBooking(server.db, booking, 'pi_second_charge', buyer.email)).toEqual({
      notRecordable: 'booking-already-paid',
    });
  });

  it('answers why and writes nothing when another buyer’s payment sold the book first', async () => {
    const { productId, booking } = await booked();
    const otherBookingId = await givenBooking(server, buyer2, productId);
    const other = (await bookingById(server.db, otherBookingId))!;
    await recordPaidBooking(server.db, other, 'pi_other_buyer', buyer2.email);
    expect(await recordPaidBooking(server.db, booking, 'pi_too_late', buyer.email)).toEqual({
      notRecordable: 'sold-to-someone-else',
    });
    expect((await bookingById(server.db, booking.id))?.paid).toBe(false);
  });

  it('answers why and writes nothing when an admin hid the book meanwhile', async () => {
    const { productId, booking } = await booked();
    await call(server, 'POST', '/api/report/create', { as: buyer2, body: { productId, reason: 'High Price' } });
    expect((await call(server, 'PUT', `/api/report/update/${productId}`, { as: admin })).status).toBe(200);
    expect(await recordPaidBooking(server.db, booking, 'pi_hidden_book', buyer.email)).toEqual({
      notRecordable: 'no-longer-available',
    });
    expect((await bookingById(server.db, booking.id))?.paid).toBe(false);
    expect((await listingById(server.db, productId))?.sold).toBe(false);
  });

  it('two buyers paying for one book at once: one sale, the other told why, never an error', async () => {
    // Each round races both payments of one book; on PostgreSQL a lock-order cycle showed as 'deadlock detected'.
    for (let round = 0; round < 8; round += 1) {
      const { productId, booking } = await booked();
      const rival = (await bookingById(server.db, await givenBooking(server, buyer2, productId)))!;
      const outcomes = await Promise.all([
        recordPaidBooking(server.db, booking, `pi_race_${round}_a`, buyer.email),
        recordPaidBooking(server.db, rival, `pi_race_${round}_b`, buyer2.email),
      ]);
      expect(outcomes.filter((outcome) => 'paymentId' in outcome)).toHaveLength(1);
      expect(outcomes.filter((outcome) => 'notRecordable' in outcome)).toEqual([
        { notRecordable: 'sold-to-someone-else' },
      ]);
    }
  });
});
