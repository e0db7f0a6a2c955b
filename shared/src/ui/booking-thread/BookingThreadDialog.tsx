import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messageOf } from '../../api/api-error';
import { writes } from '../../api/writes';
import type { BookingMessage } from '../../schemas/booking-message';
import { useInvalidate, useWrite } from '../use-write';
import { MessageComposer } from './MessageComposer';
import { ReportMessageDialog } from './ReportMessageDialog';
import { ThreadDialogFrame } from './ThreadDialogFrame';
import { ThreadMessages } from './ThreadMessages';
import { useBookingThread } from './use-booking-thread';

export const THREAD_CLOSED_LINE = 'This booking has ended: its messages stay readable, but no new ones can be sent.';
export const MESSAGE_REPORTED = 'Message reported';

export interface BookingThreadDialogProps {
  /** The booking whose thread shows; null when closed. */
  bookingId: string | null;
  bookName: string;
  /** The other party: the seller on My Orders, the buyer on Booking Requests. */
  otherName: string;
  onClose(): void;
}

/**
 * A booking's thread for its buyer or its seller (decision 030): the messages oldest first, a box to write while the
 * booking is open, Report on the other person's messages. Opening it marks the thread read.
 */
export function BookingThreadDialog({ bookingId, bookName, otherName, onClose }: BookingThreadDialogProps) {
  const thread = useBookingThread(bookingId);
  const invalidate = useInvalidate();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<BookingMessage | null>(null);
  const report = useWrite();
  const shown = thread.data && thread.data.bookingId === bookingId ? thread.data : undefined;

  const close = () => {
    setSendError(null);
    onClose();
  };

  // The server's refusal (the booking ended meanwhile, the day's quota) stays in words above the box, which keeps
  // what was written; the thread refetches either way.
  const send = async (text: string): Promise<boolean> => {
    if (!bookingId) return false;
    setSending(true);
    setSendError(null);
    try {
      await writes.sendBookingMessage.send({ bookingId, text });
      return true;
    } catch (error) {
      setSendError(`Your message was not sent: ${messageOf(error)}`);
      return false;
    } finally {
      setSending(false);
      void invalidate(writes.sendBookingMessage);
    }
  };

  const confirmReport = async (reason: string) => {
    if (!bookingId || !reporting) return;
    const reported = await report.run(
      writes.reportBookingMessage,
      { bookingId, messageId: reporting._id, reason },
      { success: MESSAGE_REPORTED },
    );
    if (reported) setReporting(null);
  };

  return (
    <ThreadDialogFrame
      open={bookingId !== null}
      title={`Messages about ${bookName}`}
      subtitle={`With ${otherName}`}
      onClose={close}
      footer={
        shown ? (
          <>
            {sendError ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {sendError}
              </Alert>
            ) : null}
            {shown.open ? (
              <MessageComposer onSend={send} busy={sending} />
            ) : (
              <Typography color="text.secondary">{THREAD_CLOSED_LINE}</Typography>
            )}
          </>
        ) : undefined
      }
    >
      <ThreadMessages load={{ ...thread, data: shown }} onReport={setReporting} />
      <ReportMessageDialog
        message={reporting}
        busy={report.busy}
        onReport={(reason) => void confirmReport(reason)}
        onCancel={() => setReporting(null)}
      />
    </ThreadDialogFrame>
  );
}
