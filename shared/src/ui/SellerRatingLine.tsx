import Box from '@mui/material/Box';
import type { SellerRating } from '../schemas/review';

/**
 * A seller's rating in one short line, "4.5 ★ (12)"; nothing before their first shown review. In the first screens'
 * entry (`@bookswap/shared/ui`): every book card shows it, and the reviews' entry is too big for the first load.
 */
export function SellerRatingLine({ rating }: { rating: SellerRating | undefined }) {
  if (!rating || rating.average === null || rating.count === 0) return null;
  const reviews = rating.count === 1 ? '1 review' : `${rating.count} reviews`;
  return (
    <Box component="span" role="img" aria-label={`Rated ${rating.average.toFixed(1)} of 5 from ${reviews}`}>
      {rating.average.toFixed(1)} ★ ({rating.count})
    </Box>
  );
}
