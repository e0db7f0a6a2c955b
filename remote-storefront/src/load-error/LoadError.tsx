import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { messageOf } from '@bookswap/shared/api';
import { notifyError } from '@bookswap/shared/ui';

interface LoadErrorProps {
  error: unknown;
  /** What could not be loaded, for the sentence on screen. */
  what: string;
  onRetry?(): void;
}

/** A failed load is never silent: an error toast once, and the reason in place of the content. */
export function LoadError({ error, what, onRetry }: LoadErrorProps) {
  useEffect(() => {
    notifyError(error);
  }, [error]);
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
      {`${what} could not be loaded: ${messageOf(error)}`}
    </Alert>
  );
}
