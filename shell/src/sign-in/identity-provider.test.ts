import { loadOnceSucceeded } from './identity-provider';

describe('loading the identity SDK', () => {
  it('tries again after a failed download, then shares the one that succeeded', async () => {
    const download = jest.fn(async () => 'sdk').mockRejectedValueOnce(new Error('Loading chunk 512 failed.'));
    const load = loadOnceSucceeded(download);
    await expect(load()).rejects.toThrow('Loading chunk 512 failed.');
    await expect(load()).resolves.toBe('sdk');
    await expect(load()).resolves.toBe('sdk');
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('shares one download between callers that ask at the same time', async () => {
    const download = jest.fn(async () => 'sdk');
    const load = loadOnceSucceeded(download);
    await expect(Promise.all([load(), load()])).resolves.toEqual(['sdk', 'sdk']);
    expect(download).toHaveBeenCalledTimes(1);
  });
});
