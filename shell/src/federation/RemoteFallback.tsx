import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRevalidator } from 'react-router-dom';
import type { RemoteArea } from './route-ownership';

/**
 * Shown in a remote's area when its code cannot be loaded. The rest of the site keeps working; Retry
 * re-runs the current route's loaders, which load the remote afresh, without reloading the page. A release that
 * does not fit this shell names why instead, with no Retry: only a rollback or a compatible release helps.
 */
export function RemoteFallback({
  area,
  reason,
  incompatible,
}: {
  area: RemoteArea;
  reason: string;
  incompatible?: readonly string[];
}) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  if (incompatible) {
    return (
      <Box sx={{ p: { xs: 2, md: 4 } }} data-testid="remote-fallback" data-remote={area.name}>
        <Alert severity="error">
          <AlertTitle>{area.label} is not available right now</AlertTitle>
          This release of the {area.label.toLowerCase()} area does not fit this version of Bookswap, so it was not
          loaded. The rest of the site still works.
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2.5 }} aria-label="Why it was not loaded">
            {incompatible.map((mismatch) => (
              <li key={mismatch}>{mismatch}</li>
            ))}
          </Box>
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }} data-testid="remote-fallback" data-remote={area.name}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" variant="outlined" onClick={() => void revalidator.revalidate()} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry'}
          </Button>
        }
      >
        <AlertTitle>{area.label} is not available right now</AlertTitle>
        This part of Bookswap could not be loaded. The rest of the site still works.
        <Box component="details" sx={{ mt: 1 }}>
          <summary>What failed</summary>
          <Box component="code" sx={{ wordBreak: 'break-word' }}>
            {reason}
          </Box>
        </Box>
      </Alert>
    </Box>
  );
}
