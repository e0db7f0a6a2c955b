import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { messageOf } from '../api/api-error';
import { notifyError } from './toast-settings';

interface LoadErrorProps {
  error: unknown;
  /** What could not be loaded, for the sentence on screen. */
  what: string;
  onRetry?(): void;
}

/** A failed load is never silent: an error toast once, and the reason in place of the content. */
export function LoadError({ error, what, onRetry }: LoadErrorProps) {
  const message = messageOf(error);
  // Keyed by the message: SWR's automatic retries fail with new error objects but the same text.
  useEffect(() => {
    notifyError(new Error(message));
  }, [message]);
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {`${what} could not be loaded: ${message}`}
    </Alert>
  );
}
