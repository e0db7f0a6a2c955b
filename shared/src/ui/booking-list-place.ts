import { useSearchParams } from 'react-router-dom';
import { isBookingStatus, type BookingStatus } from '../schemas/booking-rules';
import { DEFAULT_PAGE_SIZE, isPageSize, isPageWithinReach } from '../schemas/catalog-rules';

/** Where My Orders and Booking Requests stand: the URL's `status`, `page` (from 0) and `size`. */
export interface BookingListPlace {
  status?: BookingStatus;
  page: number;
  size: number;
}

const wholeNumber = (raw: string | null) => (raw !== null && /^\d+$/.test(raw) ? Number(raw) : null);

/**
 * Read from the URL, so a filtered page can be reloaded, shared and returned to with Back, as the book list does. A
 * hand-edited value the server would refuse falls back to its default.
 */
export function readBookingListPlace(params: URLSearchParams): BookingListPlace {
  const status = params.get('status') ?? '';
  const size = wholeNumber(params.get('size'));
  const pageSize = size !== null && isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  const page = wholeNumber(params.get('page'));
  return {
    ...(isBookingStatus(status) ? { status } : {}),
    page: page !== null && isPageWithinReach(page, pageSize) ? page : 0,
    size: pageSize,
  };
}

/** The URL query of a place, defaults left out. */
export function bookingListParams(place: BookingListPlace): URLSearchParams {
  const params = new URLSearchParams();
  if (place.status) params.set('status', place.status);
  if (place.page > 0) params.set('page', String(place.page));
  if (place.size !== DEFAULT_PAGE_SIZE) params.set('size', String(place.size));
  return params;
}

/** The place in the URL, and a way to move to another (each move is a history entry, so Back returns). */
export function useBookingListPlace(): [BookingListPlace, (next: BookingListPlace) => void] {
  const [params, setParams] = useSearchParams();
  return [readBookingListPlace(params), (next) => setParams(bookingListParams(next))];
}
