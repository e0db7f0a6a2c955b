// Reviews after hand-over (decision 034) as an entry of their own: only My Orders, Booking Requests, the book's
// details and the admin's Reviews load it, never the first screens.
export { ReviewDialog } from './reviews/ReviewDialog';
export type { ReviewDialogProps } from './reviews/ReviewDialog';
export { ReviewCell } from './reviews/ReviewCell';
export type { ReviewCellProps } from './reviews/ReviewCell';
export { ReviewForm } from './reviews/ReviewForm';
export type { ReviewFormProps } from './reviews/ReviewForm';
export { Stars } from './reviews/Stars';
// Also in `@bookswap/shared/ui`, where the book cards take it from.
export { SellerRatingLine } from './SellerRatingLine';
export { reviewStatusLine } from './reviews/review-status';
