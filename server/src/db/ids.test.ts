import { newId } from './ids';

describe('newId', () => {
  it('answers 24 hex characters, never the same twice across several reads of random bytes', () => {
    const ids = Array.from({ length: 1_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
