import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRegistry, updateRegistry, writeRegistryAtomically, type Registry } from './release-store.cjs';

const made: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bookswap-registry-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const withLive = (version: string): Registry => ({ remotes: { seller: { live: version, canary: null, history: [] } } });

describe('the local release registry file', () => {
  it('reads as empty before anything was promoted', () => {
    expect(readRegistry(join(folder(), 'registry.json')).remotes.seller).toEqual({
      live: null,
      canary: null,
      history: [],
    });
  });

  it('a write that dies before its rename leaves the old record whole', () => {
    const file = join(folder(), 'registry.json');
    writeRegistryAtomically(withLive('v1'), file);
    // What a crash mid-write leaves: a half-written temporary file beside the record, never the record itself.
    writeFileSync(`${file}.1234.1.tmp`, '{"remotes": {"seller": {"live": "v2"');
    expect(readRegistry(file).remotes.seller?.live).toBe('v1');
    writeRegistryAtomically(withLive('v2'), file);
    expect(readRegistry(file).remotes.seller?.live).toBe('v2');
  });

  it('an update runs under a lock and leaves no lock or temporary file behind', () => {
    const dir = folder();
    const file = join(dir, 'registry.json');
    updateRegistry(() => withLive('v1'), file);
    expect(() =>
      updateRegistry(() => {
        throw new Error('refused');
      }, file),
    ).toThrow('refused');
    expect(readRegistry(file).remotes.seller?.live).toBe('v1');
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(readdirSync(dir)).toEqual(['registry.json']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(withLive('v1'));
  });

  it('a lock held by another command makes an update wait, then refuse', () => {
    const file = join(folder(), 'registry.json');
    writeFileSync(`${file}.lock`, '');
    expect(() => updateRegistry(() => withLive('v1'), file, { attempts: 3 })).toThrow(/locked/);
    expect(existsSync(file)).toBe(false);
  });
});
