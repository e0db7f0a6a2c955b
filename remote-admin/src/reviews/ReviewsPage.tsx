import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { writes } from '@bookswap/shared/api';
import type { AdminReview } from '@bookswap/shared/schemas';
import { formatDateTime, useWrite, withTimeZone } from '@bookswap/shared/ui';
import { Stars } from '@bookswap/shared/ui/reviews';
import { LoadedTable, type DataColumn } from '@bookswap/shared/ui/tables';
import { REVIEWS_ROUTE } from './reviews-route';
import { useAdminReviews } from './use-admin-reviews';

export const REVIEW_HIDDEN = 'Review hidden';

/**
 * The admin's list of the newest reviews, shown or not yet: who wrote what of whom about which book; Hide takes one
 * off every page and average, audited (decision 034).
 */
export function ReviewsPage() {
  const reviews = useAdminReviews();
  const { busy, run } = useWrite();

  const columns: DataColumn<AdminReview>[] = [
    {
      header: withTimeZone('Written'),
      cell: (review) => <time dateTime={review.writtenAt}>{formatDateTime(review.writtenAt)}</time>,
    },
    { header: 'Book', cell: (review) => review.book_name },
    { header: 'By', cell: (review) => `${review.authorName} (${review.authorParty})` },
    { header: 'Of', cell: (review) => review.subjectName },
    { header: 'Stars', cell: (review) => <Stars stars={review.stars} /> },
    { header: 'Review', cell: (review) => <Box sx={{ whiteSpace: 'pre-wrap' }}>{review.text}</Box> },
    {
      header: 'Action',
      cell: (review) =>
        review.hidden ? (
          'Hidden'
        ) : (
          <Button
            size="small"
            color="error"
            variant="outlined"
            disabled={busy}
            aria-label={`Hide the review of ${review.subjectName} by ${review.authorName}`}
            onClick={() =>
              void run(writes.hideReview, review._id, {
                success: REVIEW_HIDDEN,
                alreadyDone: 'This review was already hidden',
              })
            }
          >
            Hide
          </Button>
        ),
    },
  ];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {REVIEWS_ROUTE.title}
      </Typography>
      <LoadedTable
        load={reviews}
        what="The reviews"
        label={REVIEWS_ROUTE.title}
        columns={columns}
        empty="No review has been written"
      />
    </Box>
  );
}
