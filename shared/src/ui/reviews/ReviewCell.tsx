import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reviewQueries } from '../../api/reviews';
import { useApiQuery } from '../use-api-query';
import { reviewStatusLine } from './review-status';
import { Stars } from './Stars';

export interface ReviewCellProps {
  bookingId: string;
  bookName: string;
  onOpen(): void;
}

/**
 * A handed-over booking's row on My Orders or Booking Requests: "Leave a review" while the reader may, then when the
 * reviews show, then the stars of both (decision 034).
 */
export function ReviewCell({ bookingId, bookName, onOpen }: ReviewCellProps) {
  const { data } = useApiQuery(reviewQueries.booking(bookingId));
  if (!data) return null;
  if (data.canWrite) {
    return (
      <Button size="small" variant="contained" aria-label={`Leave a review for ${bookName}`} onClick={onOpen}>
        Leave a review
      </Button>
    );
  }
  const status = reviewStatusLine(data);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {data.visible && data.theirs ? (
        <span>
          {data.otherName}: <Stars stars={data.theirs.stars} />
        </span>
      ) : null}
      {status ? <Typography variant="body2">{status}</Typography> : null}
      {data.mine || data.theirs ? (
        <Button size="small" variant="outlined" aria-label={`Reviews of ${bookName}`} onClick={onOpen}>
          Reviews
        </Button>
      ) : null}
    </Stack>
  );
}
