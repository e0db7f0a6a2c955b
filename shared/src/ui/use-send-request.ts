import { useState } from 'react';
import { notifyError, notifySuccess } from './toast-settings';

/** Sends a request once at a time (a modal's submit, a row's action): a toast for the outcome, `onDone` only when the server took it. */
export function useSendRequest() {
  const [sending, setSending] = useState(false);

  async function send(request: () => Promise<{ acknowledged: boolean }>, success: string, onDone: () => void) {
    setSending(true);
    try {
      const result = await request();
      if (result.acknowledged) {
        notifySuccess(success);
        onDone();
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  }

  return { sending, send };
}
