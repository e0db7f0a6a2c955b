import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { writes } from '@bookswap/shared/api';
import { ROUTES } from '@bookswap/contract/routing';
import {
  BOOKING_STATUS_LABELS,
  stepOpensFrom,
  stillWaitsForPayment,
  type BookingStatus,
} from '@bookswap/shared/booking-rules';
import type { Booking } from '@bookswap/shared/schemas';
import { BookCover, formatDateTime, formatPrice, useWrite, withTimeZone } from '@bookswap/shared/ui';
import { BookingThreadDialog, MessagesButton, useUnreadMessages } from '@bookswap/shared/ui/booking-thread';
import { ConfirmationModal, useConfirmedAction } from '@bookswap/shared/ui/confirmation';
import { ReviewCell, ReviewDialog } from '@bookswap/shared/ui/reviews';
import { BookingsTable, type DataColumn, useBookingListPlace } from '@bookswap/shared/ui/tables';
import { PaymentConfirmation, confirmationOf } from '../payment-confirmation/PaymentConfirmation';
import { useMyOrders } from './use-my-orders';

export const CANCEL_TITLE = 'Cancel this booking?';
export const CANCELLED_MESSAGE = 'Booking cancelled';

// Colours whose outlined text keeps WCAG AA contrast on the page (the theme's warning and info do not).
const STATUS_COLOURS: Record<BookingStatus, 'default' | 'primary' | 'success' | 'error'> = {
  'waiting-for-payment': 'primary',
  paid: 'success',
  'cancelled-by-buyer': 'default',
  declined: 'error',
  'sold-to-another-buyer': 'error',
  'handed-over': 'default',
};

function StatusChip({ status }: { status: BookingStatus }) {
  return <Chip label={BOOKING_STATUS_LABELS[status]} color={STATUS_COLOURS[status]} variant="outlined" size="small" />;
}

/** Whom to meet: the seller's name and phone, copied onto the booking when it was made. */
function SellerContact({ booking }: { booking: Booking }) {
  return (
    <Stack spacing={0.25}>
      <span>{booking.sellerName}</span>
      {booking.sellerPhone && (
        <Link href={`tel:${booking.sellerPhone.replace(/[^+\d]/g, '')}`}>{booking.sellerPhone}</Link>
      )}
    </Stack>
  );
}

/**
 * /dashboard/myorder: the user's bookings, newest first a page at a time, each with when it was booked, its status,
 * the meeting place and whom to meet, its messages with the seller (decision 030); Pay and Cancel booking while it waits
 * for payment, the reviews once it was handed over (decision 034), or "No Order" with a way to the book list
 * (product.md §2).
 */
export function MyOrdersPage() {
  const [place, setPlace] = useBookingListPlace();
  const orders = useMyOrders(place);
  const location = useLocation();
  const navigate = useNavigate();
  const { busy, run } = useWrite();
  // Handed over by the payment screen; it stays until the user closes it.
  const confirmation = confirmationOf(location.state);
  const heading = useRef<HTMLHeadingElement>(null);
  // Declined or sold meanwhile: the dialog closes by itself (the refused cancel refetched the list).
  const cancelling = useConfirmedAction<Booking>(heading, (row) =>
    stillWaitsForPayment(orders.data?.bookings, row._id),
  );
  const toCancel = cancelling.row;
  const unreadIn = useUnreadMessages();
  // The booking whose thread is open (decision 030); its dialog gives focus back to the row's button on close.
  const [talking, setTalking] = useState<Booking | null>(null);
  // The handed-over booking whose reviews are open (decision 034).
  const [reviewing, setReviewing] = useState<Booking | null>(null);

  const confirmCancel = async () => {
    if (!toCancel) return;
    const cancelled = await run(writes.cancelBooking, toCancel._id, {
      success: CANCELLED_MESSAGE,
      alreadyDone: `Your booking of ${toCancel.book_name} was no longer waiting for payment`,
    });
    if (cancelled) cancelling.done();
  };

  const columns: DataColumn<Booking>[] = [
    {
      header: 'Image',
      width: 88,
      cell: (booking) => (
        <Box sx={{ width: 64 }}>
          <BookCover src={booking.img} bookName={booking.book_name} width={64} height={85} rounded />
        </Box>
      ),
    },
    { header: 'Book name', cell: (booking) => booking.book_name },
    { header: 'Price', cell: (booking) => formatPrice(booking.price) },
    // The reader's own zone, named once in the header.
    { header: withTimeZone('Booking Date'), cell: (booking) => formatDateTime(booking.bookedAt) },
    { header: 'Meeting place', cell: (booking) => booking.meetingLocation },
    { header: 'Seller', cell: (booking) => <SellerContact booking={booking} /> },
    { header: 'Status', cell: (booking) => <StatusChip status={booking.status} /> },
    {
      header: 'Messages',
      cell: (booking) => (
        <MessagesButton
          bookName={booking.book_name}
          otherName={booking.sellerName}
          unread={unreadIn(booking._id)}
          onOpen={() => setTalking(booking)}
        />
      ),
    },
    {
      header: 'Action',
      // The buttons are the steps the booking process (BOOKING_STEPS) opens from the booking's status.
      cell: (booking) =>
        stepOpensFrom('cancel', booking.status) ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              component={RouterLink}
              to={ROUTES.payment.href({ id: booking._id })}
              variant="contained"
              size="small"
              aria-label={`Pay for ${booking.book_name}`}
            >
              Pay
            </Button>
            <Button
              variant="outlined"
              color="error"
              size="small"
              disabled={busy}
              aria-label={`Cancel booking of ${booking.book_name}`}
              onClick={() => cancelling.ask(booking)}
            >
              Cancel booking
            </Button>
          </Stack>
        ) : booking.status === 'handed-over' ? (
          <ReviewCell bookingId={booking._id} bookName={booking.book_name} onOpen={() => setReviewing(booking)} />
        ) : null,
    },
  ];

  return (
    <Box sx={{ py: 2 }}>
      <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" gutterBottom sx={{ outline: 'none' }}>
        My Orders
      </Typography>
      {confirmation && (
        <PaymentConfirmation
          {...confirmation}
          onClose={() => void navigate(location.pathname, { replace: true, state: null })}
        />
      )}
      <BookingsTable
        load={orders}
        place={place}
        onPlace={setPlace}
        what="Your orders"
        label="My Orders"
        columns={columns}
        empty="No Order"
      />
      <ConfirmationModal
        open={cancelling.open}
        title={CANCEL_TITLE}
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        message={`The seller will be told that you cancelled your booking of ${toCancel?.book_name ?? 'this book'}. This cannot be undone.`}
        busy={busy}
        onConfirm={() => void confirmCancel()}
        onCancel={cancelling.dismiss}
      />
      <BookingThreadDialog
        bookingId={talking?._id ?? null}
        bookName={talking?.book_name ?? ''}
        otherName={talking?.sellerName ?? ''}
        onClose={() => setTalking(null)}
      />
      <ReviewDialog
        bookingId={reviewing?._id ?? null}
        bookName={reviewing?.book_name ?? ''}
        onClose={() => setReviewing(null)}
      />
    </Box>
  );
}
