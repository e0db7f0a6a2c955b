export declare const SHED: unique symbol;

export interface KeptAnswers<T> {
  take(
    key: string,
    tag: string | null,
    work: (signal: AbortSignal, options: { refresh: boolean }) => Promise<T | null | typeof SHED>,
  ): { answer: Promise<T | null | typeof SHED>; kept: boolean };
  held(): { count: number; bytes: number };
}

export declare function keptAnswers<T>(options: {
  maxBytes: number;
  sizeOf: (value: T | null) => number;
  keepMs: number;
  freshMs: number;
  refreshMs: number;
  staleMs: number;
  giveUpMs: number;
}): KeptAnswers<T>;
