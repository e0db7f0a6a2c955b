import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Product } from '@bookswap/shared/schemas';
import { useBookActions } from '../book-actions/use-book-actions';
import { BookCard } from './BookCard';

interface BookGridProps {
  products: Product[];
  /** Column sizes by breakpoint; the default fits three cards on a desktop, one on a phone. */
  size?: { xs?: number; sm?: number; md?: number; lg?: number };
  headingLevel?: 'h2' | 'h3';
  /** How many covers, from the first, fill the first screen and so load at once; the rest load lazily. */
  priorityCovers?: number;
  /** What an empty list says; product.md's "NO Product" unless a page says better. */
  empty?: string;
}

/** A responsive grid of book cards with the booking and report modals behind their buttons, or "NO Product". */
export function BookGrid({
  products,
  size = { xs: 12, sm: 6, md: 4 },
  headingLevel,
  priorityCovers = 0,
  empty = 'NO Product',
}: BookGridProps) {
  const actions = useBookActions(products);
  if (products.length === 0) {
    return (
      <Typography variant="h5" component="p" sx={{ textAlign: 'center', py: 6 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <>
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {products.map((product, index) => (
          <Grid key={product._id} size={size} component="li">
            <BookCard
              product={product}
              canBook={actions.canBook(product)}
              canReport={actions.canReport(product)}
              bookedByYou={actions.bookedByYou(product)}
              justBooked={actions.justBooked === product._id}
              onBookNow={actions.bookNow}
              onReport={actions.report}
              signInHref={actions.signInHref}
              headingLevel={headingLevel}
              priority={index < priorityCovers}
            />
          </Grid>
        ))}
      </Grid>
      {actions.modals}
    </>
  );
}
