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
