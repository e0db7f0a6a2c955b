import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { getPaymentConfig } from '@bookswap/shared/api';
import { loadCardClient } from './card-sandbox/load-card-client';

type CardClient =
  { status: 'loading' } | { status: 'ready'; stripe: Stripe; attempt: number } | { status: 'failed'; error: unknown };

/**
 * The card provider's client for this page: the server's payment mode, then Stripe.js or the sandbox.
 * A failure (the server, or Stripe's script, not reachable) is reported, with a retry, instead of
 * leaving Pay disabled with no reason.
 */
export function useCardClient() {
  const [attempt, setAttempt] = useState(0);
  const [client, setClient] = useState<CardClient>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    getPaymentConfig()
      .then(loadCardClient)
      .then((stripe) => {
        if (!current) return;
        setClient(
          stripe
            ? { status: 'ready', stripe, attempt }
            : { status: 'failed', error: new Error('The card form could not be loaded.') },
        );
      })
      .catch((error: unknown) => {
        if (current) setClient({ status: 'failed', error });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  return {
    client,
    retry: () => {
      setClient({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
