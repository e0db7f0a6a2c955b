import { ApiError, mayRetry } from './api-error';
import { swrConfig } from './swr-config';

/** What another copy of this library (a remote's bundle, docs/decisions/028) throws: its own class of the same name. */
class OtherCopysApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

describe("an API error from another copy of the library (a remote's bundle)", () => {
  it('is an ApiError to this copy, and a plain error is not', () => {
    expect(new OtherCopysApiError(404, 'No such book') instanceof ApiError).toBe(true);
    expect(new ApiError(404, 'No such book') instanceof ApiError).toBe(true);
    expect(new Error('boom') instanceof ApiError).toBe(false);
    expect({ name: 'ApiError', status: 404 } instanceof ApiError).toBe(false);
  });

  it("is judged as this copy's own: a 404 is not worth a retry, not by the shell's SWR settings either", () => {
    expect(mayRetry(new OtherCopysApiError(404, 'No such book'))).toBe(false);
    expect(mayRetry(new OtherCopysApiError(503, 'Busy'))).toBe(true);
    const revalidate = jest.fn();
    jest.useFakeTimers();
    swrConfig.onErrorRetry?.(new OtherCopysApiError(404, 'No such book'), 'key', {} as never, revalidate, {
      retryCount: 1,
      dedupe: false,
    });
    jest.runAllTimers();
    expect(revalidate).not.toHaveBeenCalled();
    jest.useRealTimers();
  });
});
