import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { messageOf } from '../../api/api-error';
import { reviewQueries } from '../../api/reviews';
import { writes } from '../../api/writes';
import type { Review } from '../../schemas/review';
import { useApiQuery } from '../use-api-query';
import { useInvalidate } from '../use-write';
import { reviewStatusLine } from './review-status';
import { ReviewForm } from './ReviewForm';
import { Stars } from './Stars';

export interface ReviewDialogProps {
  /** The handed-over booking whose reviews show; null when closed. */
  bookingId: string | null;
  bookName: string;
  onClose(): void;
}

function ReviewText({ heading, review }: { heading: string; review: Review }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h3">
        {heading}
      </Typography>
      <Stars stars={review.stars} />
      {review.text ? <Typography sx={{ whiteSpace: 'pre-line' }}>{review.text}</Typography> : null}
    </Stack>
  );
}

/**
 * A handed-over booking's reviews for one of its parties (decision 034): the form while they may write theirs, then
 * when the reviews show, and both once they do. The server's refusal is shown in words above the form.
 */
export function ReviewDialog({ bookingId, bookName, onClose }: ReviewDialogProps) {
  const state = useApiQuery(bookingId ? reviewQueries.booking(bookingId) : null);
  const invalidate = useInvalidate();
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const shown = state.data && state.data.bookingId === bookingId ? state.data : undefined;

  const close = () => {
    setSendError(null);
    onClose();
  };

  const send = async (review: { stars: number; text: string }): Promise<boolean> => {
    if (!bookingId) return false;
    setSending(true);
    setSendError(null);
    try {
      await writes.writeBookingReview.send({ bookingId, ...review });
      return true;
    } catch (error) {
      setSendError(`Your review was not sent: ${messageOf(error)}`);
      return false;
    } finally {
      setSending(false);
      void invalidate(writes.writeBookingReview);
    }
  };

  const status = shown ? reviewStatusLine(shown) : null;
  return (
    <Dialog open={bookingId !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Reviews of {bookName}</DialogTitle>
      <DialogContent dividers>
        {state.error && !shown ? <Alert severity="error">{messageOf(state.error)}</Alert> : null}
        {shown ? (
          <Stack spacing={2}>
            {sendError ? <Alert severity="error">{sendError}</Alert> : null}
            {shown.canWrite ? <ReviewForm otherName={shown.otherName} onSend={send} busy={sending} /> : null}
            {status ? <Typography>{status}</Typography> : null}
            {shown.mine ? <ReviewText heading="Your review" review={shown.mine} /> : null}
            {shown.theirs ? <ReviewText heading={`${shown.otherName}’s review`} review={shown.theirs} /> : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
