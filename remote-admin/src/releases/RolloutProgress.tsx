import Alert from '@mui/material/Alert';
import type { ReleaseRolloutState } from '@bookswap/shared/schemas';
import { whenText } from './release-text';

/** The steps still to come after the current one ("50 % then live"); 100 % means the version goes live. */
function nextStepsText({ steps, percent }: ReleaseRolloutState): string {
  const next = steps.slice(steps.indexOf(percent) + 1);
  if (next.length === 0) return 'no further step';
  return next.map((step) => (step >= 100 ? 'live' : `${step} %`)).join(' then ');
}

/** An automatic rollout in progress (`--auto`): where it stands and where it goes next if the figures hold. */
export function RolloutProgress({ rollout }: { rollout: ReleaseRolloutState }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {`Automatic rollout of ${rollout.version}: at ${rollout.percent} % since ${whenText(rollout.stepStartedAt)}; ` +
        `next ${nextStepsText(rollout)}.`}
    </Alert>
  );
}
