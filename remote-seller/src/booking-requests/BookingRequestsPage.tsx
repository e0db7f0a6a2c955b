import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { writes } from '@bookswap/shared/api';
import {
  BOOKING_STATUS_LABELS,
  stepOpensFrom,
  stillInStatus,
  stillWaitsForPayment,
} from '@bookswap/shared/booking-rules';
import type { Booking } from '@bookswap/shared/schemas';
import { BookCover, formatDateTime, formatPrice, useWrite, withTimeZone } from '@bookswap/shared/ui';
import { BookingThreadDialog, MessagesButton, useUnreadMessages } from '@bookswap/shared/ui/booking-thread';
import { ConfirmationModal, useConfirmedAction } from '@bookswap/shared/ui/confirmation';
import { ReviewCell, ReviewDialog } from '@bookswap/shared/ui/reviews';
import { BookingsTable, type DataColumn, useBookingListPlace } from '@bookswap/shared/ui/tables';
import { useBookingRequests } from './use-booking-requests';

export const DECLINE_TITLE = 'Decline this booking?';
export const DECLINED_MESSAGE = 'Booking declined';
export const HAND_OVER_TITLE = 'Mark this book handed over?';
export const HANDED_OVER_MESSAGE = 'Marked handed over';

/**
 * /dashboard/booking-requests (decision 024): who booked the seller's books, how to reach them, their messages
 * (decision 030), what to do next, and the reviews once a book was handed over (decision 034).
 */
export function BookingRequestsPage() {
  const [place, setPlace] = useBookingListPlace();
  const requests = useBookingRequests(place);
  const rows = requests.data?.bookings;
  const { busy, run } = useWrite();
  const heading = useRef<HTMLHeadingElement>(null);
  // Cancelled by the buyer or sold meanwhile: the dialog closes by itself (the refused decline refetched the list).
  const declining = useConfirmedAction<Booking>(heading, (row) => stillWaitsForPayment(rows, row._id));
  const toDecline = declining.row;
  // Handing over cannot be undone and tells the buyer, so it asks first like Decline.
  const handingOver = useConfirmedAction<Booking>(heading, (row) => stillInStatus(rows, row._id, 'paid'));
  const toHandOver = handingOver.row;
  const unreadIn = useUnreadMessages();
  // The booking whose thread is open (decision 030); its dialog gives focus back to the row's button on close.
  const [talking, setTalking] = useState<Booking | null>(null);
  // The handed-over booking whose reviews are open (decision 034).
  const [reviewing, setReviewing] = useState<Booking | null>(null);

  const confirmDecline = async () => {
    if (!toDecline) return;
    const declined = await run(writes.declineBooking, toDecline._id, {
      success: DECLINED_MESSAGE,
      alreadyDone: `The booking of ${toDecline.book_name} was no longer waiting for payment`,
    });
    if (declined) declining.done();
  };

  const confirmHandOver = async () => {
    if (!toHandOver) return;
    const handed = await run(writes.markBookingHandedOver, toHandOver._id, {
      success: HANDED_OVER_MESSAGE,
      alreadyDone: `${toHandOver.book_name} was already handed over`,
    });
    if (handed) handingOver.done();
  };

  const columns: DataColumn<Booking>[] = [
    {
      header: 'Image',
      width: 72,
      cell: (booking) => (
        <Box sx={{ width: 48 }}>
          <BookCover src={booking.img} bookName={booking.book_name} width={48} height={64} rounded />
        </Box>
      ),
    },
    { header: 'Name', cell: (booking) => booking.book_name },
    { header: 'Buyer', cell: (booking) => booking.buyerName },
    { header: 'Phone', cell: (booking) => booking.phone },
    { header: 'Meeting Location', cell: (booking) => booking.meetingLocation },
    // Each reader's own zone, named once in the header (one column mixed "10:03 AM UTC" and "11:04 AM").
    { header: withTimeZone('Booking Date'), cell: (booking) => formatDateTime(booking.bookedAt) },
    { header: 'Price', cell: (booking) => formatPrice(booking.price) },
    { header: 'Status', cell: (booking) => BOOKING_STATUS_LABELS[booking.status] },
    {
      header: 'Messages',
      cell: (booking) => (
        <MessagesButton
          bookName={booking.book_name}
          otherName={booking.buyerName}
          unread={unreadIn(booking._id)}
          onOpen={() => setTalking(booking)}
        />
      ),
    },
    {
      header: 'Action',
      // The buttons are the steps the booking process (BOOKING_STEPS) opens from the booking's status.
      cell: (booking) =>
        stepOpensFrom('decline', booking.status) ? (
          <Button
            size="small"
            color="error"
            variant="outlined"
            disabled={busy}
            aria-label={`Decline the booking of ${booking.book_name} by ${booking.buyerName}`}
            onClick={() => declining.ask(booking)}
          >
            Decline
          </Button>
        ) : stepOpensFrom('hand-over', booking.status) ? (
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            aria-label={`Mark handed over: ${booking.book_name} to ${booking.buyerName}`}
            onClick={() => handingOver.ask(booking)}
          >
            Mark handed over
          </Button>
        ) : booking.status === 'handed-over' ? (
          <ReviewCell bookingId={booking._id} bookName={booking.book_name} onOpen={() => setReviewing(booking)} />
        ) : null,
    },
  ];

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" sx={{ outline: 'none' }}>
          Booking Requests
        </Typography>
        {requests.data && <Typography color="text.secondary">Waiting for payment: {requests.data.waiting}</Typography>}
      </Box>
      <BookingsTable
        load={requests}
        place={place}
        onPlace={setPlace}
        what="Your booking requests"
        label="Booking Requests"
        columns={columns}
        empty="No one has booked your books yet"
      />
      <ConfirmationModal
        open={declining.open}
        title={DECLINE_TITLE}
        confirmLabel="Decline"
        message={`${toDecline?.buyerName ?? 'The buyer'} will be told that you declined their booking of ${toDecline?.book_name ?? 'this book'}. This cannot be undone.`}
        busy={busy}
        onConfirm={() => void confirmDecline()}
        onCancel={declining.dismiss}
      />
      <ConfirmationModal
        open={handingOver.open}
        title={HAND_OVER_TITLE}
        confirmLabel="Mark handed over"
        message={`${toHandOver?.buyerName ?? 'The buyer'} will be told that you handed ${toHandOver?.book_name ?? 'this book'} over to them. This cannot be undone.`}
        busy={busy}
        onConfirm={() => void confirmHandOver()}
        onCancel={handingOver.dismiss}
      />
      <BookingThreadDialog
        bookingId={talking?._id ?? null}
        bookName={talking?.book_name ?? ''}
        otherName={talking?.buyerName ?? ''}
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
