import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** `node scripts/<script> …` as a team or a package.json script runs it; each answer here comes before any work. */
function script(name: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', name), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

jest.setTimeout(60_000);

describe("the scripts' command lines", () => {
  it('refuse a flag the script does not know, naming it, with the usage and exit code 2', () => {
    expect(script('typecheck-all.mjs', '--eachh')).toEqual({
      status: 2,
      stdout: '',
      stderr: expect.stringMatching(/^unknown option --eachh\nusage: node scripts\/typecheck-all\.mjs \[--each\]/),
    });
    expect(script('build-all.mjs', 'seller', '--no-build')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^unknown option --no-build\n/),
    });
  });

  it('print their usage for --help', () => {
    expect(script('cluster.mjs', '--help')).toEqual({
      status: 0,
      stdout: expect.stringMatching(/^usage: pnpm cluster \[--no-build\]/),
      stderr: '',
    });
  });

  it('read the flags `pnpm <script> -- <flags>` passes on after its `--`', () => {
    expect(script('start-product.mjs', '--', '--help')).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^usage: npm start/),
    });
    expect(script('start-product.mjs', '--', '--no-buld')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^unknown option --no-buld\n/),
    });
  });
});
