import { messageQueries } from '../../api/booking-messages';
import { useApiQuery } from '../use-api-query';
import { ThreadDialogFrame } from './ThreadDialogFrame';
import { ThreadMessages } from './ThreadMessages';

export interface ReportedThreadDialogProps {
  /** The booking whose reported thread shows; null when closed. */
  bookingId: string | null;
  bookName: string;
  onClose(): void;
}

/** An admin's read-only view of a thread in which a message was reported; the server audits each reading (decision 030). */
export function ReportedThreadDialog({ bookingId, bookName, onClose }: ReportedThreadDialogProps) {
  const thread = useApiQuery(bookingId ? messageQueries.reportedThread(bookingId) : null);
  const shown = thread.data && thread.data.bookingId === bookingId ? thread.data : undefined;
  return (
    <ThreadDialogFrame
      open={bookingId !== null}
      title={`Messages about ${bookName}`}
      subtitle="Reported thread, read-only"
      onClose={onClose}
    >
      <ThreadMessages load={{ ...thread, data: shown }} />
    </ThreadDialogFrame>
  );
}
