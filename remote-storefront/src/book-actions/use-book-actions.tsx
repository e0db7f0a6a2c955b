import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAuth } from '@bookswap/shared/auth';
import { LOGIN_PATH, loginRedirectState } from '@bookswap/shared/routing';
import { isOpenBooking } from '@bookswap/shared/booking-rules';
import type { Product } from '@bookswap/shared/schemas';
import { SUCCESS_TOAST_MS, useMyBookings } from '@bookswap/shared/ui';
import { useOwnSellerId } from './use-own-seller-id';

// The two forms (and the checks they share with the server) load on the first press, not with the list.
const BookingModal = lazy(async () => ({ default: (await import('../booking/BookingModal')).BookingModal }));
const ReportModal = lazy(async () => ({ default: (await import('../report/ReportModal')).ReportModal }));

export interface BookActions {
  canBook(product: Product): boolean;
  /** The signed-in buyer holds an open booking of the book (waiting for payment or paid). */
  bookedByYou(product: Product): boolean;
  /** The book booked through this page's form just now: its My Orders link takes the focus when it appears. */
  justBooked: string | null;
  bookNow(product: Product): void;
  report(product: Product): void;
  /** The two modals; render once wherever the buttons are. */
  modals: ReactNode;
}

interface Selection {
  product: Product;
  /** Changes on every press, so the modal mounts afresh with an empty form. */
  opening: number;
  open: boolean;
}

/**
 * Book Now and Report as product.md §4 has them: pressing either keeps the chosen product for its modal.
 * Signed out, both go to the login screen, which brings the user back here afterwards.
 */
export function useBookActions(): BookActions {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [booking, setBooking] = useState<Selection | null>(null);
  const [reporting, setReporting] = useState<Selection | null>(null);
  // Reports already sent from this page: reopening the modal keeps its submit disabled (product.md §4).
  const [justBooked, setJustBooked] = useState<string | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());

  const whenSignedIn = useCallback(
    (act: () => void) => {
      if (user) act();
      else if (!loading) navigate(LOGIN_PATH, { state: loginRedirectState(location) });
    },
    [user, loading, navigate, location],
  );

  // The buyer's bookings, fetched only when signed in; the booking form's write refreshes them.
  const myBookings = useMyBookings().data;
  const bookedByYou = useCallback(
    (product: Product) =>
      myBookings?.some((booking) => booking.category_id === product._id && isOpenBooking(booking.status)) ?? false,
    [myBookings],
  );

  // The server refuses booking one's own book too; until the seller's id is known the button stays.
  const ownSellerId = useOwnSellerId();
  const canBook = useCallback(
    (product: Product) => ownSellerId === null || product.sellerId !== ownSellerId,
    [ownSellerId],
  );

  const select = (previous: Selection | null, product: Product): Selection => ({
    product,
    opening: (previous?.opening ?? 0) + 1,
    open: true,
  });
  // Closing keeps the product so the dialog does not go blank while it fades out.
  const close = (previous: Selection | null) => (previous ? { ...previous, open: false } : null);

  return {
    canBook,
    bookedByYou,
    justBooked,
    bookNow: (product) =>
      whenSignedIn(() => {
        // A second booking of the same book is refused here, before the form is filled in, not by the server after.
        if (bookedByYou(product)) {
          toast.info(`You already booked ${product.book_name}: see My Orders`, { autoClose: SUCCESS_TOAST_MS });
          return;
        }
        setBooking((previous) => select(previous, product));
      }),
    report: (product) => whenSignedIn(() => setReporting((previous) => select(previous, product))),
    modals: (
      <Suspense fallback={null}>
        {booking && (
          <BookingModal
            key={`booking-${booking.opening}`}
            product={booking.product}
            open={booking.open}
            onBooked={setJustBooked}
            onClose={() => setBooking(close)}
          />
        )}
        {reporting && (
          <ReportModal
            key={`report-${reporting.opening}`}
            product={reporting.product}
            open={reporting.open}
            alreadyReported={reported.has(reporting.product._id)}
            onReported={(id) => setReported((ids) => new Set(ids).add(id))}
            onClose={() => setReporting(close)}
          />
        )}
      </Suspense>
    ),
  };
}
