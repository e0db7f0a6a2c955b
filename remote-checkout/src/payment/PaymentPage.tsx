import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { bookingQueries, preloadQuery } from '@bookswap/shared/api';
import { ROUTES } from '@bookswap/contract/routing';
import { NOT_PAYABLE_REASONS } from '@bookswap/shared/booking-rules';
import type { Booking } from '@bookswap/shared/schemas';
import { LoadError, LoadingSpinner, formatDateTime, formatPrice, useApiQuery, withTimeZone } from '@bookswap/shared/ui';
import { CardPayment } from './CardPayment';

/**
 * product.md §2: the booking is loaded by id before display. The shell runs this only for a signed-in user
 * (its guard comes first), so the protected call carries a token; the request starts with the navigation, and the
 * page reads its answer from the same query.
 */
export function paymentLoader({ params }: LoaderFunctionArgs): null {
  preloadQuery(bookingQueries.detail(params.id ?? ''));
  return null;
}

function Payment({ booking }: { booking: Booking }) {
  // The payment refetches the booking, paid now: the confirmation made here stays until it moves on to My Orders.
  const [paidHere, setPaidHere] = useState(false);
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
        {/* The reader's own zone, named: a booking's time reads differently across zones. */}
        for your booking {withTimeZone(formatDateTime(booking.bookedAt))}
      </Typography>
      {booking.status !== 'waiting-for-payment' && !paidHere ? (
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
          <CardPayment booking={booking} onPaid={() => setPaidHere(true)} />
        </Paper>
      )}
    </>
  );
}

/** /dashboard/payment/{id}: the booking's price and date, and the card form, or why it cannot be paid. */
export function PaymentPage() {
  const { data: booking, error, mutate } = useApiQuery(bookingQueries.detail(useParams().id ?? ''));
  return (
    <Box sx={{ py: 2 }}>
      {booking ? (
        <Payment booking={booking} />
      ) : error ? (
        <LoadError error={error} what="This booking" onRetry={() => void mutate()} />
      ) : (
        <LoadingSpinner label="Loading the booking" />
      )}
    </Box>
  );
}
