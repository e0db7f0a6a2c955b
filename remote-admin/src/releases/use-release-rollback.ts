import { useRef, useState } from 'react';
import { writes, type ReleaseRollback } from '@bookswap/shared/api';
import type { RemoteReleaseOverview } from '@bookswap/shared/schemas';
import { notifyError, notifySuccess, useInvalidate } from '@bookswap/shared/ui';
import { useConfirmedAction } from '@bookswap/shared/ui/confirmation';
import { REMOTE_LABEL } from './release-text';

/**
 * The remote whose Roll back was pressed, with what its confirmation said would happen and the versions it showed:
 * the server refuses the rollback if they changed before the admin confirmed.
 */
export interface RollbackRequest extends ReleaseRollback {
  message: string;
}

const doneText = ({ remote, live }: RemoteReleaseOverview) =>
  `${REMOTE_LABEL[remote]} rolled back: ${live ? `${live.version} is live for every browser` : 'no canary runs'}`;

/**
 * Roll back behind its confirmation. The write answers the remote's new overview rather than a count, so this flow
 * sends it itself: a toast with the outcome (the server's own words on a refusal, such as nothing left to roll
 * back), and the figures refetched whatever happened, since a refusal usually means the screen was out of date.
 */
export function useReleaseRollback() {
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmation = useConfirmedAction<RollbackRequest>(heading);
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    const request = confirmation.row;
    if (!request) return;
    setBusy(true);
    try {
      notifySuccess(doneText(await writes.rollBackRelease.send({ remote: request.remote, expected: request.expected })));
      confirmation.done();
    } catch (error) {
      notifyError(error);
      confirmation.dismiss();
    } finally {
      setBusy(false);
      void invalidate(writes.rollBackRelease);
    }
  }

  return { heading, confirmation, busy, confirm };
}
