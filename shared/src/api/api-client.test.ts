import { setUnauthorizedHandler } from '@bookswap/contract/auth';
import { setRuntimeConfig } from '@bookswap/contract/config';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { ACCESS_TOKEN_KEY } from './access-token';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the typed API client', () => {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    setRuntimeConfig({ apiUrl: 'http://api.test/' });
    localStorage.clear();
    setUnauthorizedHandler(null);
  });

  it('sends the stored access token as a bearer on protected calls only', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'tok-1');
    fetchMock.mockImplementation(async () => answer(200, { ok: 1 }));
    await apiRequest('/api/booking/list', { auth: true });
    await apiRequest('/api/product/Ads/list');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/booking/list');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('turns an error answer into an ApiError with the server message and status', async () => {
    fetchMock.mockResolvedValue(answer(403, { message: 'Only sellers may do this' }));
    await expect(apiRequest('/api/product/create', { method: 'POST', auth: true, body: {} })).rejects.toEqual(
      new ApiError(403, 'Only sellers may do this'),
    );
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/health')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/cannot be reached/),
    });
  });

  it('asks the shell once for a fresh token after a 401 and retries the call', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
    const refresh = jest.fn(async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'new');
      return true;
    });
    setUnauthorizedHandler(refresh);
    fetchMock.mockResolvedValueOnce(answer(401, { message: 'expired' })).mockResolvedValueOnce(answer(200, [1]));
    await expect(apiRequest('/api/booking/list', { auth: true })).resolves.toEqual([1]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).authorization).toBe('Bearer new');
  });

  describe("the landing page's early answers (index.html asked the API before the code loaded)", () => {
    afterEach(() => {
      delete window.__bookswapEarlyAnswers;
    });

    it('takes the early answer of exactly that path once, then asks the API afresh', async () => {
      window.__bookswapEarlyAnswers = { '/api/product/Ads/list': Promise.resolve(answer(200, [{ _id: 'early' }])) };
      fetchMock.mockImplementation(async () => answer(200, [{ _id: 'fresh' }]));
      await expect(apiRequest('/api/product/Ads/list')).resolves.toEqual([{ _id: 'early' }]);
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(apiRequest('/api/product/Ads/list')).resolves.toEqual([{ _id: 'fresh' }]);
      await expect(apiRequest('/api/category/list?search=x')).resolves.toEqual([{ _id: 'fresh' }]);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('asks the API itself when the early request failed', async () => {
      window.__bookswapEarlyAnswers = { '/api/product/Ads/list': Promise.reject(new TypeError('Failed to fetch')) };
      fetchMock.mockImplementation(async () => answer(200, [{ _id: 'fresh' }]));
      await expect(apiRequest('/api/product/Ads/list')).resolves.toEqual([{ _id: 'fresh' }]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('never answers a call that carries a token or a body from it', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'tok-1');
      window.__bookswapEarlyAnswers = { '/api/product/Ads/list': Promise.resolve(answer(200, [{ _id: 'early' }])) };
      fetchMock.mockImplementation(async () => answer(200, [{ _id: 'fresh' }]));
      await expect(apiRequest('/api/product/Ads/list', { auth: true })).resolves.toEqual([{ _id: 'fresh' }]);
      await expect(apiRequest('/api/product/Ads/list', { method: 'POST', body: {} })).resolves.toEqual([
        { _id: 'fresh' },
      ]);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
