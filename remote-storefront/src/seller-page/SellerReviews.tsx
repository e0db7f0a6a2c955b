import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { reviewQueries } from '@bookswap/shared/api';
import { pageCount } from '@bookswap/shared/catalog-rules';
import { LoadError, LoadingSpinner, useApiQuery } from '@bookswap/shared/ui';
import { Stars } from '@bookswap/shared/ui/reviews';
import { BookPager } from '../book-list/BookPager';

/** Reviews per page: a few, so the seller's books stay near the top. */
export const REVIEWS_PAGE_SIZE = 5;

const writtenOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The seller's shown reviews by their buyers, newest first (decision 034), paged once there are more than a page.
 * `count` is the rating's: the same reviews, so none are asked for when it is 0.
 */
export function SellerReviews({ sellerId, count }: { sellerId: string; count: number }) {
  return (
    <Box component="section" aria-labelledby="seller-reviews-title" sx={{ my: 3 }}>
      <Typography id="seller-reviews-title" variant="h5" component="h2" gutterBottom>
        Reviews
      </Typography>
      {count === 0 ? <Typography>No reviews yet.</Typography> : <ReviewPages sellerId={sellerId} count={count} />}
    </Box>
  );
}

/** The page is kept here, not in the URL, whose query the list of the seller's books owns. */
function ReviewPages({ sellerId, count }: { sellerId: string; count: number }) {
  const [page, setPage] = useState(0);
  const { data, error, mutate } = useApiQuery(reviewQueries.seller(sellerId, page, REVIEWS_PAGE_SIZE), {
    keepPreviousData: true,
  });
  const pages = pageCount(count, REVIEWS_PAGE_SIZE);
  if (error) return <LoadError error={error} what="The reviews" onRetry={() => void mutate()} />;
  if (!data) return <LoadingSpinner label="Loading reviews" />;
  return (
    <>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.reviews.map((review) => (
          <Box component="li" key={review._id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
            <Typography variant="body2" component="p">
              <Stars stars={review.stars} />{' '}
              <Box component="span" sx={{ fontWeight: 600 }}>
                {review.authorName}
              </Box>{' '}
              · {writtenOn(review.writtenAt)}
            </Typography>
            {/* Plain text, never HTML: React writes it as text. */}
            {review.text && (
              <Typography variant="body1" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {review.text}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
      {pages > 1 && (
        <Stack spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
          <BookPager page={page} pages={pages} onPage={setPage} />
        </Stack>
      )}
    </>
  );
}
