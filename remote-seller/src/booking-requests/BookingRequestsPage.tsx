import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { writes } from '@bookswap/shared/api';
import { BOOKING_STATUS_LABELS, stillWaitsForPayment } from '@bookswap/shared/booking-rules';
import type { Booking } from '@bookswap/shared/schemas';
import { BookCover, formatPrice, useWrite } from '@bookswap/shared/ui';
import { ConfirmationModal, useConfirmedAction } from '@bookswap/shared/ui/confirmation';
import { type DataColumn, LoadedTable } from '@bookswap/shared/ui/tables';
import { useBookingRequests } from './use-booking-requests';

export const DECLINE_TITLE = 'Decline this booking?';
export const DECLINED_MESSAGE = 'Booking declined';
export const HANDED_OVER_MESSAGE = 'Marked handed over';

/** /dashboard/booking-requests (issue 21): who booked the seller's books, how to reach them, and what to do next. */
export function BookingRequestsPage() {
  const requests = useBookingRequests();
  const { busy, run } = useWrite();
  const heading = useRef<HTMLHeadingElement>(null);
  // Cancelled by the buyer or sold meanwhile: the dialog closes by itself (the refused decline refetched the list).
  const declining = useConfirmedAction<Booking>(heading, (row) => stillWaitsForPayment(requests.data, row._id));
  const toDecline = declining.row;

  const confirmDecline = async () => {
    if (!toDecline) return;
    const declined = await run(writes.declineBooking, toDecline._id, {
      success: DECLINED_MESSAGE,
      alreadyDone: `The booking of ${toDecline.book_name} was no longer waiting for payment`,
    });
    if (declined) declining.done();
  };

  const handOver = async (booking: Booking) => {
    if (
      await run(writes.markBookingHandedOver, booking._id, {
        success: HANDED_OVER_MESSAGE,
        alreadyDone: `${booking.book_name} was already handed over`,
      })
    )
      // No dialog here: the row's button is gone, so the heading takes the focus at once.
      heading.current?.focus();
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
    { header: 'Booking Date', cell: (booking) => booking.bookDate },
    { header: 'Price', cell: (booking) => formatPrice(booking.price) },
    { header: 'Status', cell: (booking) => BOOKING_STATUS_LABELS[booking.status] },
    {
      header: 'Action',
      cell: (booking) =>
        booking.status === 'waiting-for-payment' ? (
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
        ) : booking.status === 'paid' ? (
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            aria-label={`Mark handed over: ${booking.book_name} to ${booking.buyerName}`}
            onClick={() => void handOver(booking)}
          >
            Mark handed over
          </Button>
        ) : null,
    },
  ];

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" sx={{ outline: 'none' }}>
          Booking Requests
        </Typography>
        {requests.data && (
          <Typography color="text.secondary">
            Waiting for payment: {requests.data.filter((booking) => booking.status === 'waiting-for-payment').length}
          </Typography>
        )}
      </Box>
      <LoadedTable
        load={requests}
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
    </Box>
  );
}
