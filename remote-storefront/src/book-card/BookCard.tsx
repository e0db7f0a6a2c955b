import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router-dom';
import type { LoginReason } from '@bookswap/contract/routing';
import type { Product } from '@bookswap/shared/schemas';
import { BookCover, formatPrice, SellerRatingLine } from '@bookswap/shared/ui';
import { BookActionButton } from '../book-actions/BookActionButton';
import { BookNowAction } from '../book-actions/BookNowAction';
import { useDetailsLink } from '../book-actions/use-details-link';
import { SellerName } from './SellerName';

export interface BookCardProps {
  product: Product;
  /** False on the seller's own listing: a seller cannot book their own book. */
  canBook: boolean;
  /** False on the seller's own listing too: nobody reports their own book. */
  canReport?: boolean;
  /** The signed-in buyer already booked it: "Booked by you" instead of Book Now. */
  bookedByYou?: boolean;
  /** Booked through this page just now: the card's My Orders link takes the focus. */
  justBooked?: boolean;
  onBookNow(product: Product): void;
  onReport(product: Product): void;
  /** Until the visitor is known signed in, Book Now and Report are links to /login that keep the page. */
  signInHref?(reason: LoginReason, product: Product): string | undefined;
  /** The card title's level under the page's headings: h3 inside a home page section, h2 on a list page. */
  headingLevel?: 'h2' | 'h3';
  /** The card is in the first screenful: its cover loads at once (see BookCover). */
  priority?: boolean;
}

/**
 * product.md §2's book card: seller (ticked when verified, rated, linked to their page), image, name and author, prices, condition,
 * years of use and the three actions.
 */
export function BookCard({
  product,
  canBook,
  canReport = true,
  bookedByYou = false,
  justBooked = false,
  onBookNow,
  onReport,
  signInHref,
  headingLevel = 'h2',
  priority,
}: BookCardProps) {
  const headingId = `book-${product._id}-name`;
  const detailsLink = useDetailsLink(product);
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, pt: 1.5, pb: 1 }}>
        <SellerName product={product} variant="body2" />
        {product.verify && (
          <VerifiedIcon color="primary" fontSize="small" titleAccess="Verified seller" data-testid="verified-tick" />
        )}
        <Typography variant="body2" color="text.secondary" component="span">
          <SellerRatingLine rating={product.sellerRating} />
        </Typography>
      </Stack>
      <BookCover src={product.img} bookName={product.book_name} width={400} height={300} priority={priority} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} variant="h6" component={headingLevel}>
          {product.book_name}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          by {product.author_name.trim() || 'Unknown'}
        </Typography>
        <Typography variant="body2">
          Original Price: <s>{formatPrice(product.original_price)}</s>
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Sell Price: {formatPrice(product.resale_price)}
        </Typography>
        <Typography variant="body2">Condition: {product.book_condition}</Typography>
        <Typography variant="body2">Years of use: {product.Year_of_use}</Typography>
      </CardContent>
      {/*
        Two rows, so a 4-column grid never wraps Report under Book Now: the book's state or Book Now
        across the card, then the eye and Report. Spaced by the gap alone: MUI's own left margins would indent a
        wrapped row (Booked by you on a phone).
      */}
      <CardActions disableSpacing sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 2, pb: 2 }}>
        <BookNowAction
          product={product}
          canBook={canBook}
          bookedByYou={bookedByYou}
          focusWhenBooked={justBooked}
          onBookNow={onBookNow}
          signInHref={signInHref?.('book', product)}
          size="small"
          fullWidth
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          {/* The browser's own hint (title), not MUI's Tooltip: its popper engine would join every first load. */}
          <IconButton
            component={RouterLink}
            {...detailsLink}
            aria-label={`View details of ${product.book_name}`}
            title="View details"
            color="primary"
          >
            <VisibilityOutlinedIcon />
          </IconButton>
          {canReport && (
            <BookActionButton
              variant="outlined"
              color="error"
              size="small"
              href={signInHref?.('report', product)}
              onPress={() => onReport(product)}
            >
              Report
            </BookActionButton>
          )}
        </Stack>
      </CardActions>
    </Card>
  );
}
