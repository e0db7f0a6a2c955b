/** A small least-recently-used map: reading an entry makes it the newest; past `max` the oldest goes. */
export declare class Recent<K = unknown, V = unknown> {
  constructor(max: number);
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  readonly size: number;
}

/** A release's server entry run as a module of its own; `provided` answers the requests it left to its host. */
export declare function loadModule(file: string, provided?: (request: string) => unknown): unknown;

export declare const LATE: unique symbol;

/** The work's value, or LATE when it is not done within `budgetMs`. */
export declare function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | typeof LATE>;

/** Answers kept per key for a while, each computed at most once at a time. */
export declare function keptAnswers<T>(options: { max: number; giveUpMs: number }): {
  has(key: string): boolean;
  take(key: string, keepMs: number, compute: (signal: AbortSignal) => Promise<T>): Promise<T | null>;
  readonly size: number;
};
