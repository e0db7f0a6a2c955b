import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { bookingKeys, mayRetry, messageOf, writes } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/contract/auth';
import { ROUTES } from '@bookswap/contract/routing';
import type { Booking, BookingPage } from '@bookswap/shared/schemas';
import { LoadingSpinner, useInvalidate } from '@bookswap/shared/ui';
import { PaymentConfirmation, type PaymentConfirmationState } from '../payment-confirmation/PaymentConfirmation';
import { payForBooking } from './pay-for-booking';
import { useCardClient } from './use-card-client';
import { usePaymentIntent } from './use-payment-intent';

/** Long enough to read the confirmation here; My Orders shows it again. */
export const MY_ORDERS_AFTER_MS = 1500;

/** A step that failed: Retry when trying again can help, else the way back to My Orders (e.g. the book sold meanwhile). */
function FailedStep({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        mayRetry(error) ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : (
          <Button component={RouterLink} to={ROUTES.myOrders.href()} color="inherit" size="small">
            My Orders
          </Button>
        )
      }
    >
      {`${what}: ${messageOf(error)}`}
    </Alert>
  );
}

interface CardFormProps {
  booking: Booking;
  clientSecret: string | null;
  onPaid(): void;
}

/** The card form inside `<Elements>`: Stripe's card element (or the sandbox's), the Pay button and the outcome. */
function CardForm({ booking, clientSecret, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [cardReady, setCardReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [transactionId, setTransactionId] = useState<string | null>(null);
  // A second click lands before React re-renders the disabled button: this ref refuses it at once.
  const payingNow = useRef(false);

  useEffect(() => {
    if (!transactionId) return;
    const state: PaymentConfirmationState = {
      paymentConfirmation: { bookName: booking.book_name, transactionId },
    };
    const timer = setTimeout(() => void navigate(ROUTES.myOrders.href(), { state, replace: true }), MY_ORDERS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [transactionId, booking.book_name, navigate]);

  const buyerEmail = user?.email ?? booking.buyerEmail;
  const canPay = Boolean(stripe && elements && cardReady && clientSecret) && !paying && !transactionId;

  async function pay(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (payingNow.current || !canPay || !stripe || !card || !clientSecret) return;
    payingNow.current = true;
    setPaying(true);
    setCardError(null);
    const outcome = await payForBooking(stripe, card, clientSecret, booking, {
      name: user?.displayName ?? booking.buyerName,
      email: buyerEmail,
    }).catch((error: unknown) => ({ paid: false as const, message: messageOf(error) }));
    if (outcome.paid) {
      setTransactionId(outcome.transactionId);
      onPaid();
      // My Orders reads Paid at once (it goes by status, so without Pay or Cancel), then what the payment record
      // makes stale (bookings, the book now sold) refetches.
      const paidNow = (row: Booking) =>
        row._id === booking._id ? { ...row, paid: true, status: 'paid' as const } : row;
      void mutate(bookingKeys.mine(buyerEmail), (bookings?: Booking[]) => bookings?.map(paidNow), {
        revalidate: false,
      });
      void mutate(
        bookingKeys.ordersOf(buyerEmail),
        (page?: BookingPage) => page && { ...page, bookings: page.bookings.map(paidNow) },
        { revalidate: false },
      );
      void invalidate(writes.createPaymentRecord);
    } else {
      setCardError(outcome.message);
      payingNow.current = false;
      // Pay was disabled while it ran, which loses keyboard focus: put it on the card, the thing to correct.
      card.focus();
    }
    setPaying(false);
  }

  function cardChanged(event: StripeCardElementChangeEvent) {
    setCardError(event.error?.message ?? null);
  }

  return (
    <Box component="form" onSubmit={(event) => void pay(event)} noValidate aria-label="Card payment">
      <Box sx={{ mb: 2 }}>
        <CardElement options={{ hidePostalCode: true }} onReady={() => setCardReady(true)} onChange={cardChanged} />
      </Box>
      {cardError && (
        <Typography role="alert" color="error" sx={{ mb: 2, fontWeight: 500 }}>
          {cardError}
        </Typography>
      )}
      <Button type="submit" variant="contained" disabled={!canPay} aria-describedby="payment-progress">
        Pay
      </Button>
      <Box id="payment-progress" role="status" sx={{ mt: 2 }}>
        {paying && (
          <>
            <LinearProgress aria-label="Payment in progress" sx={{ mb: 1 }} />
            <Typography variant="body2">Processing your payment…</Typography>
          </>
        )}
      </Box>
      {transactionId && <PaymentConfirmation bookName={booking.book_name} transactionId={transactionId} />}
    </Box>
  );
}

/**
 * The card payment of one unpaid booking: the card provider's client and the booking's client secret
 * are fetched side by side; Pay waits for both (product.md §4). Either failing says why and offers a retry.
 */
export function CardPayment({ booking, onPaid }: { booking: Booking; onPaid(): void }) {
  const { client, retry: retryClient } = useCardClient();
  const { intent, retry: retryIntent } = usePaymentIntent(booking);
  return (
    <>
      {intent.status === 'failed' && (
        <FailedStep what="The payment could not be started" error={intent.error} onRetry={retryIntent} />
      )}
      {client.status === 'failed' && (
        <FailedStep what="The card form could not be loaded" error={client.error} onRetry={retryClient} />
      )}
      {client.status === 'loading' && <LoadingSpinner label="Loading the card form" />}
      {client.status === 'ready' && (
        // A new Elements per client: Stripe's Elements cannot change its stripe object once set.
        <Elements key={client.attempt} stripe={client.stripe}>
          <CardForm
            booking={booking}
            clientSecret={intent.status === 'ready' ? intent.clientSecret : null}
            onPaid={onPaid}
          />
        </Elements>
      )}
    </>
  );
}
