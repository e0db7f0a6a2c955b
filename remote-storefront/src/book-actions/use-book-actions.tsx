import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { LOGIN_PATH, loginRedirectState, type LoginReason } from '@bookswap/contract/routing';
import { isOpenBooking } from '@bookswap/shared/booking-rules';
import type { Product } from '@bookswap/shared/schemas';
import { notifyInfo, useMyBookings } from '@bookswap/shared/ui';
import { useOwnSellerId } from './use-own-seller-id';
import { returnAfterSignIn, useResumeAfterSignIn, type ShownBooks } from './resume-after-sign-in';

// The two forms (and the checks they share with the server) load on the first press, not with the list.
const BookingModal = lazy(async () => ({ default: (await import('../booking/BookingModal')).BookingModal }));
const ReportModal = lazy(async () => ({ default: (await import('../report/ReportModal')).ReportModal }));

export interface BookActions {
  canBook(product: Product): boolean;
  /** False on the seller's own listing: nobody reports their own book. */
  canReport(product: Product): boolean;
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
 * Signed out, both go to the login screen with their reason, which brings the user back here afterwards; the
 * modal then opens again for the book pressed when it is among `shown`.
 */
export function useBookActions(shown?: ShownBooks): BookActions {
  const { user, role, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [booking, setBooking] = useState<Selection | null>(null);
  const [reporting, setReporting] = useState<Selection | null>(null);
  // Reports already sent from this page: reopening the modal keeps its submit disabled (product.md §4).
  const [justBooked, setJustBooked] = useState<string | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());

  const whenSignedIn = useCallback(
    (reason: LoginReason, product: Product, act: () => void) => {
      if (user) act();
      else if (!loading)
        navigate(LOGIN_PATH, { state: loginRedirectState(returnAfterSignIn(location, product, shown), reason) });
    },
    [user, loading, navigate, location, shown],
  );

  // The buyer's bookings, fetched only when signed in; the booking form's write refreshes them.
  const { data: myBookings, isLoading: myBookingsLoading } = useMyBookings();
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
  const canReport = canBook;

  const select = (previous: Selection | null, product: Product): Selection => ({
    product,
    opening: (previous?.opening ?? 0) + 1,
    open: true,
  });
  // Closing keeps the product so the dialog does not go blank while it fades out.
  const close = (previous: Selection | null) => (previous ? { ...previous, open: false } : null);

  const bookNow = (product: Product) =>
    whenSignedIn('book', product, () => {
      // A second booking of the same book is refused here, before the form is filled in, not by the server after.
      if (bookedByYou(product)) {
        notifyInfo(`You already booked ${product.book_name}: see My Orders`);
        return;
      }
      setBooking((previous) => select(previous, product));
    });
  const report = (product: Product) =>
    whenSignedIn('report', product, () => setReporting((previous) => select(previous, product)));

  useResumeAfterSignIn(shown, {
    // As a press would: after the buyer's bookings (a book booked meanwhile is refused) and the seller's own id.
    ready: !loading && !myBookingsLoading && (role !== 'seller' || ownSellerId !== null),
    open: {
      book: (product) => {
        if (canBook(product) && !product.paid) bookNow(product);
      },
      report: (product) => {
        if (canReport(product)) report(product);
      },
    },
  });

  return {
    canBook,
    canReport,
    bookedByYou,
    justBooked,
    bookNow,
    report,
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
