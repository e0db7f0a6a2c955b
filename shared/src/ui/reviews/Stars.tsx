import Box from '@mui/material/Box';

/** Stars as text, "★★★★☆", named in words for a screen reader ("4 of 5 stars"). */
export function Stars({ stars }: { stars: number }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={`${stars} of 5 stars`}
      sx={{ color: 'warning.dark', letterSpacing: 1 }}
    >
      {'★'.repeat(stars)}
      {'☆'.repeat(5 - stars)}
    </Box>
  );
}

/** A seller's rating in one short line, "4.5 ★ (12)"; nothing before their first shown review. */
export function SellerRatingLine({ rating }: { rating: { average: number | null; count: number } | undefined }) {
  if (!rating || rating.average === null || rating.count === 0) return null;
  const reviews = rating.count === 1 ? '1 review' : `${rating.count} reviews`;
  return (
    <Box component="span" aria-label={`Rated ${rating.average} of 5 from ${reviews}`}>
      {rating.average.toFixed(1)} ★ ({rating.count})
    </Box>
  );
}
