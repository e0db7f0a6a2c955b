import { mailQueries } from '@bookswap/shared/api';
import type { DeadLetter } from '@bookswap/shared/schemas';
import { useApiQuery } from '@bookswap/shared/ui';

export type DeadLetterRow = DeadLetter & { _id: string };

/** The emails the outbox gave up on, as table rows, and how many there are in all (the list shows the newest). */
export function useDeadLetters() {
  const load = useApiQuery(mailQueries.deadLetters());
  return {
    data: load.data?.deadLetters.map((letter): DeadLetterRow => ({ ...letter, _id: letter.id })),
    count: load.data?.count,
    error: load.error as unknown,
    isLoading: load.isLoading,
    mutate: () => load.mutate(),
  };
}
