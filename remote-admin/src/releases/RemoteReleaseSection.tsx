import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RemoteReleaseOverview } from '@bookswap/shared/schemas';
import { ReleaseFigures } from './ReleaseFigures';
import { ReleaseHistory } from './ReleaseHistory';
import { REMOTE_LABEL } from './release-text';
import { RolloutProgress } from './RolloutProgress';
import { rollbackPlan } from './rollback-plan';
import type { RollbackRequest } from './use-release-rollback';

interface RemoteReleaseSectionProps {
  overview: RemoteReleaseOverview;
  onRollBack(request: RollbackRequest): void;
}

/** One remote: its live and canary figures, an automatic rollout's progress, Roll back and the recent history. */
export function RemoteReleaseSection({ overview, onRollBack }: RemoteReleaseSectionProps) {
  const { remote } = overview;
  const label = REMOTE_LABEL[remote];
  const plan = rollbackPlan(overview);
  const headingId = `release-${remote}`;
  const hintId = `release-${remote}-hint`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          {label}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          aria-label={`Roll back ${label}`}
          aria-describedby={plan.possible ? undefined : hintId}
          disabled={!plan.possible}
          onClick={() =>
            plan.possible &&
            onRollBack({
              remote,
              message: plan.message,
              expected: { live: overview.live?.version ?? null, canary: overview.canary?.version ?? null },
            })
          }
        >
          Roll back
        </Button>
      </Stack>
      {!plan.possible && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {plan.hint}
        </Typography>
      )}
      {overview.rollout && <RolloutProgress rollout={overview.rollout} />}
      <ReleaseFigures overview={overview} />
      <ReleaseHistory remote={remote} history={overview.history} />
    </Paper>
  );
}
