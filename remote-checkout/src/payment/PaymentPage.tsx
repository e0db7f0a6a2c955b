import { Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  Await,
  Link as RouterLink,
  useAsyncError,
  useLoaderData,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { getBooking } from '@bookswap/shared/api';
import { ROUTES } from '@bookswap/contract/routing';
import { NOT_PAYABLE_REASONS } from '@bookswap/shared/booking-rules';
import type { Booking } from '@bookswap/shared/schemas';
import { LoadError, LoadingSpinner, formatDateTime, formatPrice, withTimeZone } from '@bookswap/shared/ui';
import { CardPayment } from './CardPayment';

interface PaymentData {
  booking: Promise<Booking>;
}

/**
 * product.md §2: the booking is loaded by id before display. The shell runs this only for a signed-in user
 * (its guard comes first), so the protected call carries a token; the request starts with the navigation.
 */
export function paymentLoader({ params }: LoaderFunctionArgs): PaymentData {
  return { booking: getBooking(params.id ?? '') };
}

function BookingError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <LoadError error={error} what="This booking" onRetry={() => void revalidator.revalidate()} />;
}

function Payment({ booking }: { booking: Booking }) {
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        Payment for {booking.book_name}
      </Typography>
      <Typography variant="body1" sx={{ mb: 3 }}>
        Please pay{' '}
        <Box component="strong" sx={{ fontWeight: 700 }}>
          {formatPrice(booking.price)}
        </Box>{' '}
        {/* The reader's own zone, named (issue 36). */}
        for your booking {withTimeZone(formatDateTime(booking.bookedAt))}
      </Typography>
      {booking.status !== 'waiting-for-payment' ? (
        // Why there is nothing to pay, and no Retry: trying again cannot change the booking's status.
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={ROUTES.myOrders.href()} color="inherit" size="small">
              My Orders
            </Button>
          }
        >
          {NOT_PAYABLE_REASONS[booking.status]}.
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
          <CardPayment booking={booking} />
        </Paper>
      )}
    </>
  );
}

/** /dashboard/payment/{id}: the booking's price and date, and the card form, or why it cannot be paid. */
export function PaymentPage() {
  const { booking } = useLoaderData() as PaymentData;
  return (
    <Box sx={{ py: 2 }}>
      <Suspense fallback={<LoadingSpinner label="Loading the booking" />}>
        <Await resolve={booking} errorElement={<BookingError />}>
          {(loaded: Booking) => <Payment booking={loaded} />}
        </Await>
      </Suspense>
    </Box>
  );
}
