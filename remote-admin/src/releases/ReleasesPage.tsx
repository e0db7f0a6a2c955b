import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@bookswap/contract/routing';
import { TELEMETRY_REMOTES, type RemoteReleaseOverview } from '@bookswap/shared/schemas';
import { LoadError, LoadingSpinner } from '@bookswap/shared/ui';
import { ConfirmationModal } from '@bookswap/shared/ui/confirmation';
import { RemoteReleaseSection } from './RemoteReleaseSection';
import { REMOTE_LABEL } from './release-text';
import { REFRESH_MS, useReleaseOverview } from './use-release-overview';
import { useReleaseRollback } from './use-release-rollback';

/** The remotes in the product's order (storefront, seller, admin, checkout), whatever order the answer came in. */
const inRemoteOrder = (overviews: RemoteReleaseOverview[]) =>
  [...overviews].sort((a, b) => TELEMETRY_REMOTES.indexOf(a.remote) - TELEMETRY_REMOTES.indexOf(b.remote));

/**
 * /dashboard/releases (decision 025): each remote's live and canary releases with their health in real browsers, side
 * by side, and Roll back behind a confirmation that says what will happen. The figures refresh every 30 s.
 */
export function ReleasesPage() {
  const { data, error, isLoading, mutate } = useReleaseOverview();
  const { heading, confirmation, busy, confirm } = useReleaseRollback();
  const asked = confirmation.row;
  return (
    <Box>
      <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" sx={{ mb: 1, outline: 'none' }}>
        {ROUTES.releases.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {`Each remote's live and canary releases as real browsers see them; the figures refresh every ${REFRESH_MS / 1000} seconds.`}
      </Typography>
      {error !== undefined && <LoadError error={error} what="The releases" onRetry={() => void mutate()} />}
      {data ? (
        data.length === 0 ? (
          <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
            No release yet
          </Typography>
        ) : (
          <Stack spacing={3}>
            {inRemoteOrder(data).map((overview) => (
              <RemoteReleaseSection key={overview.remote} overview={overview} onRollBack={confirmation.ask} />
            ))}
          </Stack>
        )
      ) : (
        isLoading && <LoadingSpinner label="Loading the releases" />
      )}
      <ConfirmationModal
        open={confirmation.open}
        title={asked ? `Roll back ${REMOTE_LABEL[asked.remote]}?` : ''}
        message={asked?.message ?? ''}
        confirmLabel="Roll back"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={confirmation.dismiss}
      />
    </Box>
  );
}
