import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export interface LoadingSpinnerProps {
  label?: string;
  /** The height of what is loading, when known: reserving it keeps the page below from jumping (CLS). */
  minHeight?: number | Partial<Record<'xs' | 'sm' | 'md' | 'lg', number>>;
}

export function LoadingSpinner({ label = 'Loading', minHeight }: LoadingSpinnerProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        py: 6,
        boxSizing: 'border-box',
        minHeight,
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
