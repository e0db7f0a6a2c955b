import Typography from '@mui/material/Typography';
import type { BookingMessage, BookingThread } from '../../schemas/booking-message';
import { LoadError } from '../LoadError';
import { LoadingSpinner } from '../LoadingSpinner';
import { MessageList } from './MessageList';

export interface ThreadLoad {
  data?: BookingThread;
  error?: unknown;
  isLoading: boolean;
  mutate(): unknown;
}

/** A thread's messages in their load states: a spinner, the error with Retry, "no messages yet", or the list. */
export function ThreadMessages({ load, onReport }: { load: ThreadLoad; onReport?(message: BookingMessage): void }) {
  if (load.error && !load.data) {
    return <LoadError error={load.error} what="The messages" onRetry={() => void load.mutate()} />;
  }
  if (!load.data) return <LoadingSpinner label="Loading the messages" />;
  if (load.data.messages.length === 0) {
    return <Typography color="text.secondary">No messages yet.</Typography>;
  }
  return <MessageList messages={load.data.messages} onReport={onReport} />;
}
