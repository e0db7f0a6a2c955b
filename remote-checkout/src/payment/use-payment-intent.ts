import { useEffect, useState } from 'react';
import { createPaymentIntent } from '@bookswap/shared/api';
import type { Booking } from '@bookswap/shared/schemas';

type PaymentIntentState =
  { status: 'loading' } | { status: 'ready'; clientSecret: string } | { status: 'failed'; error: unknown };

/**
 * The client secret of this booking's payment intent. The server takes the amount from the booking
 * and keeps one intent per booking, so asking again (a reload, a retry) never makes a second charge.
 */
export function usePaymentIntent(booking: Booking) {
  const [attempt, setAttempt] = useState(0);
  const [intent, setIntent] = useState<PaymentIntentState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    createPaymentIntent({ price: booking.price, bookingid: booking._id })
      .then(({ clientSecret }) => {
        if (current) setIntent({ status: 'ready', clientSecret });
      })
      .catch((error: unknown) => {
        if (current) setIntent({ status: 'failed', error });
      });
    return () => {
      current = false;
    };
  }, [booking._id, booking.price, attempt]);

  return {
    intent,
    retry: () => {
      setIntent({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
