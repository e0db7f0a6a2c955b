import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { messageOf, writes } from '@bookswap/shared/api';
import { useAuth } from '@bookswap/contract/auth';
import { createBookingBodySchema, type Product } from '@bookswap/shared/schemas';
import { ProductModal } from '../product-modal/ProductModal';
import { formatDateTime, formatPrice, useWrite, withTimeZone } from '@bookswap/shared/ui';

interface BookingModalProps {
  product: Product;
  open: boolean;
  onClose(): void;
  /** The server took the booking: the page shows the book as booked by the buyer. */
  onBooked?(productId: string): void;
}

/**
 * What the buyer cannot change, as text in a definition list: read-only inputs would be tab stops that look
 * editable.
 */
function BookingFacts({ facts }: { facts: [label: string, value: string][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

type FieldErrors = Partial<Record<'phone' | 'meetingLocation', string>>;

/** Checks the two editable fields with the server's own rules, so the buyer sees what is wrong before sending. */
function checkFields(phone: string, meetingLocation: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!createBookingBodySchema.shape.phone.safeParse(phone).success) errors.phone = 'Enter a phone number';
  if (!createBookingBodySchema.shape.meetingLocation.safeParse(meetingLocation).success)
    errors.meetingLocation = 'Enter where to meet';
  return errors;
}

/** product.md §2's booking modal: name and price read-only, phone and meeting place editable, the time of booking. */
export function BookingModal({ product, open, onClose, onBooked }: BookingModalProps) {
  const { user } = useAuth();
  const [phone, setPhone] = useState('');
  const [meetingLocation, setMeetingLocation] = useState('');
  // Mounted afresh for each Book Now press (see useBookActions), so this is the time the form opened.
  const [bookDate] = useState(() => formatDateTime(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Why the last send failed, said inside the dialog: the page's toasts sit behind the modal for screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  const { busy: sending, run } = useWrite();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = checkFields(phone, meetingLocation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    await run(
      {
        ...writes.createBooking,
        send: (input) =>
          writes.createBooking.send(input).catch((error: unknown) => {
            setFailure(`Not booked: ${messageOf(error)}`);
            throw error;
          }),
      },
      {
        bookDate,
        category_name: product.category_name,
        category_id: product._id, // product.md §3: the booking's category_id holds the product id
        buyerName: user?.displayName ?? '',
        buyerEmail: user?.email ?? undefined,
        user_uid: user?.uid ?? '',
        book_name: product.book_name,
        img: product.img,
        price: product.resale_price,
        phone: phone.trim(),
        meetingLocation: meetingLocation.trim(),
      },
      // The write refreshes the buyer's orders list (checkout remote), which shares this SWR cache.
      {
        success: 'Booked confirmed',
        onDone: () => {
          onBooked?.(product._id);
          onClose();
        },
      },
    );
  }

  return (
    <ProductModal
      open={open}
      onClose={onClose}
      titleId="booking-title"
      title={`Book ${product.book_name}`}
      maxWidth="sm"
      onSubmit={submit}
      submitDisabled={sending}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <BookingFacts
          facts={[
            ['Book name', product.book_name],
            ['Price', formatPrice(product.resale_price)],
            [withTimeZone('Booking date'), bookDate],
          ]}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          autoFocus
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={Boolean(errors.phone)}
          helperText={errors.phone}
        />
        <TextField
          label="Meeting location"
          required
          value={meetingLocation}
          onChange={(event) => setMeetingLocation(event.target.value)}
          error={Boolean(errors.meetingLocation)}
          helperText={errors.meetingLocation}
        />
      </Stack>
    </ProductModal>
  );
}
