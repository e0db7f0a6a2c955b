import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { MESSAGE_REPORT_REASON_MAX, type BookingMessage } from '../../schemas/booking-message';

export const REPORT_MESSAGE_TITLE = 'Report this message?';

export interface ReportMessageDialogProps {
  /** The message being reported; none when closed. */
  message: BookingMessage | null;
  busy: boolean;
  onReport(reason: string): void;
  onCancel(): void;
}

/** Asks why before a message is reported: a report lets an admin read the whole thread (decision 030). */
export function ReportMessageDialog({ message, busy, onReport, onCancel }: ReportMessageDialogProps) {
  const [reason, setReason] = useState('');
  const titleId = useId();
  const trimmed = reason.trim();
  const tooLong = trimmed.length > MESSAGE_REPORT_REASON_MAX;
  const close = () => {
    setReason('');
    onCancel();
  };
  return (
    <Dialog open={message !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{REPORT_MESSAGE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          An admin will be able to read this booking’s messages to decide what to do about{' '}
          {message?.authorName ?? 'the other person'}’s message.
        </DialogContentText>
        <TextField
          label="Why are you reporting it?"
          multiline
          minRows={2}
          fullWidth
          required
          value={reason}
          error={tooLong}
          helperText={tooLong ? `At most ${MESSAGE_REPORT_REASON_MAX} characters` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy || trimmed.length === 0 || tooLong}
          onClick={() => {
            onReport(trimmed);
            setReason('');
          }}
        >
          Report
        </Button>
      </DialogActions>
    </Dialog>
  );
}
