import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readRegistry, updateRegistry, writeRegistryAtomically, type Registry } from './release-store.mts';

const made: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bookswap-registry-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const withLive = (version: string): Registry => ({ remotes: { seller: { live: version, canary: null, history: [] } } });

/**
 * A release command in a process of its own: `count` updates, each adding one history entry to the seller's record,
 * and as many reads of the file in between, each of which must parse (a half-written record would not).
 */
function commandProcess(file: string, name: string, count: number): Promise<void> {
  const script = `
    const fs = await import('node:fs');
    const { updateRegistry } = await import(${JSON.stringify(pathToFileURL(require.resolve('./release-store.mts')).href)});
    const [file, name, count] = process.argv.slice(1);
    await (async () => {
      for (let index = 0; index < Number(count); index += 1) {
        await updateRegistry((registry) => {
          const seller = registry.remotes.seller;
          const entry = { at: new Date().toISOString(), action: 'promote', from: seller.live, to: name + '-' + index, command: name };
          return { remotes: { ...registry.remotes, seller: { ...seller, live: entry.to, history: [...seller.history, entry] } } };
        }, file);
        if (fs.existsSync(file)) JSON.parse(fs.readFileSync(file, 'utf8'));
      }
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  return new Promise((resolve, reject) => {
    // The store is TypeScript: the command runs through tsx, as `pnpm release` does.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, file, name, String(count)],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed: ${errors}`))));
  });
}

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

  it('an update runs under a lock and leaves no lock or temporary file behind', async () => {
    const dir = folder();
    const file = join(dir, 'registry.json');
    await updateRegistry(() => withLive('v1'), file);
    await expect(
      updateRegistry(() => {
        throw new Error('refused');
      }, file),
    ).rejects.toThrow('refused');
    expect(readRegistry(file).remotes.seller?.live).toBe('v1');
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(readdirSync(dir)).toEqual(['registry.json']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(withLive('v1'));
  });

  it('a lock held by another command makes an update wait, then refuse', async () => {
    const file = join(folder(), 'registry.json');
    mkdirSync(`${file}.lock`);
    await expect(updateRegistry(() => withLive('v1'), file, { retries: 3 })).rejects.toThrow(
      /the release registry is locked/,
    );
    expect(existsSync(file)).toBe(false);
  });

  it("a crashed command's lock is taken over once stale", async () => {
    const file = join(folder(), 'registry.json');
    mkdirSync(`${file}.lock`);
    // Last refreshed a minute ago: its holder is gone (a live holder refreshes it every 15 s).
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, aMinuteAgo, aMinuteAgo);
    await updateRegistry(() => withLive('v1'), file, { retries: 0 });
    expect(readRegistry(file).remotes.seller?.live).toBe('v1');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('commands in several processes at once lose no update, and no read meets half a record', async () => {
    const dir = folder();
    const file = join(dir, 'registry.json');
    const commands = ['first', 'second', 'third'];
    await Promise.all(commands.map((name) => commandProcess(file, name, 8)));
    const history = readRegistry(file).remotes.seller!.history;
    expect(history).toHaveLength(24);
    // Each change saw the one before it.
    history.slice(1).forEach((entry, index) => expect(entry.from).toBe(history[index]!.to));
    for (const name of commands)
      expect(history.filter((entry) => entry.command === name).map((entry) => entry.to)).toEqual(
        Array.from({ length: 8 }, (_, index) => `${name}-${index}`),
      );
    expect(readdirSync(dir)).toEqual(['registry.json']);
  }, 60_000);
});
