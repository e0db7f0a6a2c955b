import { mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileReplaced, readWhenChanged } from './file-reads.mts';

// The shell's server reads the registry and a release's files on every request: a parse is reused only while the
// file is the same one, so what a promote writes is what the next request reads. Within one turn of the event loop a
// file is looked at once (requests answered in one turn are as one moment), unless this process replaced it.

const dir = mkdtempSync(join(tmpdir(), 'bookswap-file-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const anHourAgo = () => new Date(Date.now() - 3_600_000);

function counted() {
  let parses = 0;
  const parse = (text: string) => {
    parses += 1;
    return { text };
  };
  return { parse, parses: () => parses };
}

describe('readWhenChanged', () => {
  it('parses a settled file once, and again once a write replaces it (a new file renamed over it)', async () => {
    const file = join(dir, 'registry.json');
    writeFileSync(file, 'live 1');
    utimesSync(file, anHourAgo(), anHourAgo());
    const { parse, parses } = counted();
    const first = readWhenChanged(file, parse);
    expect(readWhenChanged(file, parse)).toBe(first);
    expect(parses()).toBe(1);

    writeFileSync(`${file}.new`, 'live 2');
    renameSync(`${file}.new`, file);
    await nextTurn();
    expect(readWhenChanged(file, parse)).toEqual({ text: 'live 2' });
  });

  it("sees at once a file this process replaced in the same turn (the release commands' own registry writes)", () => {
    const file = join(dir, 'promoted.json');
    writeFileSync(file, 'live 1');
    utimesSync(file, anHourAgo(), anHourAgo());
    const { parse } = counted();
    expect(readWhenChanged(file, parse)).toEqual({ text: 'live 1' });
    writeFileSync(`${file}.new`, 'live 2');
    renameSync(`${file}.new`, file);
    fileReplaced(file);
    expect(readWhenChanged(file, parse)).toEqual({ text: 'live 2' });
  });

  it('reads a file written in place again, even at the same size, while its write is recent', async () => {
    const file = join(dir, 'config.json');
    writeFileSync(file, 'version a');
    const { parse } = counted();
    expect(readWhenChanged(file, parse)).toEqual({ text: 'version a' });
    writeFileSync(file, 'version b');
    await nextTurn();
    expect(readWhenChanged(file, parse)).toEqual({ text: 'version b' });
  });

  it('keeps one parse per parse function, and throws for a missing file as readFileSync does', () => {
    const file = join(dir, 'index.html');
    writeFileSync(file, '<title>Bookswap</title>');
    utimesSync(file, anHourAgo(), anHourAgo());
    expect(readWhenChanged(file, (text) => text.length)).toBe(23);
    expect(readWhenChanged(file, (text) => text.toUpperCase())).toBe('<TITLE>BOOKSWAP</TITLE>');
    expect(() => readWhenChanged(join(dir, 'missing.json'), JSON.parse)).toThrow(/ENOENT/);
  });
});
