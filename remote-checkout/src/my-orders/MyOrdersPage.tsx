import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@bookswap/shared/routing';
import type { Booking } from '@bookswap/shared/schemas';
import { BookCover } from '@bookswap/shared/ui';
import { type DataColumn, LoadedTable } from '@bookswap/shared/ui/tables';
import { PaymentConfirmation, confirmationOf } from '../payment-confirmation/PaymentConfirmation';
import { useMyOrders } from './use-my-orders';

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
  { header: 'Price', cell: (booking) => `$${booking.price}` },
  {
    header: 'Payment',
    width: 120,
    cell: (booking) =>
      booking.paid ? (
        <Chip label="Paid" color="success" variant="outlined" size="small" />
      ) : (
        <Button
          component={RouterLink}
          to={ROUTES.payment.href({ id: booking._id })}
          variant="contained"
          size="small"
          aria-label={`Pay for ${booking.book_name}`}
        >
          Pay
        </Button>
      ),
  },
];

/** /dashboard/myorder: the user's bookings with Paid or a Pay button, or "No Order" (product.md §2). */
export function MyOrdersPage() {
  const orders = useMyOrders();
  const location = useLocation();
  const navigate = useNavigate();
  // Handed over by the payment screen; it stays until the user closes it.
  const confirmation = confirmationOf(location.state);

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        My Orders
      </Typography>
      {confirmation && (
        <PaymentConfirmation
          {...confirmation}
          onClose={() => void navigate(location.pathname, { replace: true, state: null })}
        />
      )}
      <LoadedTable load={orders} what="Your orders" label="My Orders" columns={columns} empty="No Order" />
    </Box>
  );
}
