/** A release's server entry run as a module of its own; `provided` answers the requests it left to its host. */
export declare function loadModule(file: string, provided?: (request: string) => unknown): unknown;

export declare const LATE: unique symbol;

/** The work's value, or LATE when it is not done within `budgetMs`. */
export declare function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | typeof LATE>;
