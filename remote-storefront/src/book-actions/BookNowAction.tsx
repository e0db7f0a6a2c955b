import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '@bookswap/contract/routing';
import type { Product } from '@bookswap/shared/schemas';
import { BookActionButton } from './BookActionButton';

export interface BookNowActionProps {
  product: Product;
  /** False on the seller's own listing: a seller cannot book their own book. */
  canBook: boolean;
  /** The signed-in buyer already holds an open booking of this book (decision 024). */
  bookedByYou: boolean;
  onBookNow(product: Product): void;
  /** Until the visitor is known signed in: the link to /login that keeps this page (`signInHref`). */
  signInHref?: string;
  /**
   * Booked through this page just now: the Book Now button that had the focus is gone, so the My Orders link
   * takes it (keyboard users stay on the card).
   */
  focusWhenBooked?: boolean;
  size?: 'small' | 'medium';
  /** Across its container (a card's first row of actions). */
  fullWidth?: boolean;
}

/** Where a book stands for the person looking: sold, booked by them (with the way to My Orders), or Book Now. */
export function BookNowAction({
  product,
  canBook,
  bookedByYou,
  onBookNow,
  signInHref,
  focusWhenBooked = false,
  size = 'medium',
  fullWidth = false,
}: BookNowActionProps) {
  const myOrders = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (bookedByYou && focusWhenBooked) myOrders.current?.focus();
  }, [bookedByYou, focusWhenBooked]);

  // A paid book is sold: nobody can book it any more.
  if (product.paid) return <Chip label="Sold" size={size} />;
  if (bookedByYou)
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label="Booked by you" color="success" variant="outlined" size={size} />
        {/* A text Button rather than MUI's Link: Button is already on a visitor's first load (decision 009). */}
        <Button
          ref={myOrders}
          component={RouterLink}
          to={ROUTES.myOrders.href()}
          size={size}
          aria-label={`My Orders: your booking of ${product.book_name}`}
        >
          My Orders
        </Button>
      </Stack>
    );
  if (!canBook) return null;
  return (
    <BookActionButton
      variant="contained"
      size={size}
      fullWidth={fullWidth}
      href={signInHref}
      onPress={() => onBookNow(product)}
    >
      Book Now
    </BookActionButton>
  );
}
