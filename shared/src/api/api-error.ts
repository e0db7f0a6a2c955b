/** The one error type every API call throws: the HTTP status (0 when the server was not reached) and a readable message. */
export class ApiError extends Error {
  readonly status: number;
  readonly field?: string;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }

  /**
   * docs/decisions/028: each remote bundles its own copy of this library, so an error a remote's fetcher threw meets
   * the shell's SWR settings or another copy's checks. `instanceof ApiError` asks what the error is, not which copy
   * of the class made it.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      value instanceof Error && value.name === 'ApiError' && typeof (value as { status?: unknown }).status === 'number'
    );
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * Whether trying the same call again can succeed: the server was not reached, was busy or failed. A refusal (a
 * booking no longer payable, a missing record) answers the same the next time, so no Retry is offered for it.
 */
export function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
