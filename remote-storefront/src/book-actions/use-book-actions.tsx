import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@bookswap/contract/auth';
import { LOGIN_PATH, loginHref, loginRedirectState, type LoginReason } from '@bookswap/contract/routing';
import { isOpenBooking } from '@bookswap/shared/booking-rules';
import type { Product } from '@bookswap/shared/schemas';
import { notifyInfo, useMyBookings } from '@bookswap/shared/ui';
import { useOwnSellerId } from './use-own-seller-id';
import { returnAfterSignIn, useResumeAfterSignIn, type ShownBooks } from './resume-after-sign-in';

// The two forms (and the checks they share with the server) load on the first press, not with the list: the
// press starts the load at once, while the session may still be settling.
const loadBookingModal = () => import('../booking/BookingModal');
const loadReportModal = () => import('../report/ReportModal');
const BookingModal = lazy(async () => ({ default: (await loadBookingModal()).BookingModal }));
const ReportModal = lazy(async () => ({ default: (await loadReportModal()).ReportModal }));
const MODAL_CODE: Record<LoginReason, () => Promise<unknown>> = { book: loadBookingModal, report: loadReportModal };

export interface BookActions {
  canBook(product: Product): boolean;
  /** False on the seller's own listing: nobody reports their own book. */
  canReport(product: Product): boolean;
  /** The signed-in buyer holds an open booking of the book (waiting for payment or paid). */
  bookedByYou(product: Product): boolean;
  /** The book booked through this page's form just now: its My Orders link takes the focus when it appears. */
  justBooked: string | null;
  /**
   * Where the action's link leads until the visitor is known signed in: /login with this page to come back to and
   * resume (`loginHref`), so a tap before the scripts run, or without them, still gets there. Undefined once signed
   * in: the action is a button.
   */
  signInHref(reason: LoginReason, product: Product): string | undefined;
  bookNow(product: Product): void;
  report(product: Product): void;
  /** The two modals; render once wherever the buttons are. */
  modals: ReactNode;
}

/** A press the page cannot act on yet (the session or the buyer's bookings still loading): kept, not dropped. */
interface Press {
  reason: LoginReason;
  product: Product;
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

  const signInState = (reason: LoginReason, product: Product) =>
    loginRedirectState(returnAfterSignIn(location, product, shown), reason);
  const signInHref = (reason: LoginReason, product: Product) =>
    user ? undefined : loginHref(signInState(reason, product));

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
  // What a press checks is known: who is signed in, the buyer's bookings (a book booked meanwhile is refused), the
  // seller's own id. A signed-in page starts rendered signed out and loading, as the server drew it.
  const ready = !loading && !myBookingsLoading && (role !== 'seller' || ownSellerId !== null);
  // Read when the session settles, not drawn: a ref, so recording a press renders nothing.
  const waiting = useRef<Press | null>(null);

  const select = (previous: Selection | null, product: Product): Selection => ({
    product,
    opening: (previous?.opening ?? 0) + 1,
    open: true,
  });
  // Closing keeps the product so the dialog does not go blank while it fades out.
  const close = (previous: Selection | null) => (previous ? { ...previous, open: false } : null);

  const openBooking = (product: Product) => {
    // A second booking of the same book is refused here, before the form is filled in, not by the server after.
    if (bookedByYou(product)) {
      notifyInfo(`You already booked ${product.book_name}: see My Orders`);
      return;
    }
    setBooking((previous) => select(previous, product));
  };
  const openReport = (product: Product) => setReporting((previous) => select(previous, product));
  // As a press would once the page knows enough: a press kept meanwhile, or one resumed after sign-in.
  const openWhenKnown: Record<LoginReason, (product: Product) => void> = {
    book: (product) => {
      if (canBook(product) && !product.paid) openBooking(product);
    },
    report: (product) => {
      if (canReport(product)) openReport(product);
    },
  };

  const press = (reason: LoginReason, product: Product) => {
    void MODAL_CODE[reason]().catch(() => undefined);
    if (!loading && !user) navigate(LOGIN_PATH, { state: signInState(reason, product) });
    else if (!ready) waiting.current = { reason, product };
    else if (reason === 'book') openBooking(product);
    else openReport(product);
  };

  // The kept press, once the session has settled: its modal signed in, the login screen signed out. The latest
  // press wins and runs once.
  const settle = useEffectEvent(() => {
    const kept = waiting.current;
    waiting.current = null;
    if (!kept) return;
    if (user) openWhenKnown[kept.reason](kept.product);
    else navigate(LOGIN_PATH, { state: signInState(kept.reason, kept.product) });
  });
  const settled = ready || (!loading && !user);
  useEffect(() => {
    if (settled) settle();
  }, [settled]);

  useResumeAfterSignIn(shown, { ready, open: openWhenKnown });

  return {
    canBook,
    canReport,
    bookedByYou,
    justBooked,
    signInHref,
    bookNow: (product) => press('book', product),
    report: (product) => press('report', product),
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
