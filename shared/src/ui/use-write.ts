import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { forgetStartedQueries } from '../api/api-query';
import type { ApiWrite } from '../api/writes';
import { notifyError, notifyInfo, notifySuccess } from './toast-settings';

export interface WriteOutcome<Result> {
  /** The toast when the server took the write (product.md §8's texts where it has one). */
  success: string;
  /** For counted writes: said when the server changed nothing (another admin or tab got there first). */
  alreadyDone?: string;
  /** Runs when the server took the write (closing a modal, say). */
  onDone?(result: Result): void;
}

/** Refetches what a write makes stale, as the write declares it (for a flow that sends the write itself). */
export function useInvalidate() {
  const { mutate } = useSWRConfig();
  return async (write: Pick<ApiWrite<never, never>, 'stale'>): Promise<void> => {
    forgetStartedQueries();
    await Promise.all(write.stale.map((family) => mutate(family)));
  };
}

/**
 * One write at a time (a modal's submit, a row's action): a toast for every outcome, and what the write makes stale
 * refetched whatever happened, since a failure often means a list is out of date. `run` resolves with true when
 * the server took the write (changed now, or already so), false on an error.
 */
export function useWrite() {
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);

  async function run<Input, Result>(
    write: ApiWrite<Input, Result>,
    input: Input,
    outcome: WriteOutcome<Result>,
  ): Promise<boolean> {
    setBusy(true);
    try {
      const result = await write.send(input);
      if (write.changed) {
        if (write.changed(result) > 0) notifySuccess(outcome.success);
        else notifyInfo(outcome.alreadyDone ?? outcome.success);
      } else if ((result as { acknowledged?: boolean }).acknowledged) notifySuccess(outcome.success);
      else return false;
      outcome.onDone?.(result);
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    } finally {
      setBusy(false);
      void invalidate(write);
    }
  }

  return { busy, run };
}
