import { useState } from 'react';
import { toast } from 'react-toastify';
import { useSWRConfig } from 'swr';
import { notifyError, notifySuccess, SUCCESS_TOAST_MS } from './toast-settings';

export interface CountedWrite {
  /** Sends the write; resolves with how many records the server changed (`modifiedCount`, `deletedCount`). */
  send(): Promise<number>;
  /** The toast when the server changed something (product.md §8's texts where it has one). */
  success: string;
  /** Said when the server changed nothing: another admin, or another tab, got there first. */
  alreadyDone: string;
  /** The cache families (`userKeys.all`, `productKeys.all`...) the write makes stale. */
  stale: ((key: unknown) => boolean)[];
}

/**
 * One row action at a time (advertise, delete, verify, hide, dismiss): a toast for every outcome, and
 * the affected lists refetched whatever happened, since a failure often means the list is out of date.
 * `run` resolves with true when the server took the write (changed now, or already so), false on an error.
 */
export function useCountedWrite() {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  async function run(write: CountedWrite): Promise<boolean> {
    setBusy(true);
    try {
      const changed = await write.send();
      if (changed > 0) notifySuccess(write.success);
      else toast.info(write.alreadyDone, { autoClose: SUCCESS_TOAST_MS });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    } finally {
      setBusy(false);
      for (const family of write.stale) void mutate(family);
    }
  }

  return { busy, run };
}
