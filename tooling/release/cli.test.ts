import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = join(__dirname, 'cli.ts');
const releases = mkdtempSync(join(tmpdir(), 'bookswap-release-cli-'));
afterAll(() => rmSync(releases, { recursive: true, force: true }));

/** `pnpm release …` as a team types it, on an empty releases folder with the file registry. */
function release(...args: string[]) {
  const { RELEASE_REGISTRY_DATABASE_URL: _database, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...env, BOOKSWAP_RELEASES_DIR: releases, BOOKSWAP_RELEASE_REGISTRY: join(releases, 'registry.json') },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

jest.setTimeout(60_000);

describe('pnpm release reads its command line', () => {
  it('refuses a flag it does not know, naming it, with the usage and exit code 2', () => {
    const answer = release('list', '--bogus');
    expect(answer.status).toBe(2);
    expect(answer.stderr).toMatch(
      /^unknown option --bogus for pnpm release list\nusage:\n {2}pnpm release build <unit>/,
    );
  });

  it("refuses another command's flag", () => {
    const answer = release('prune', '--json');
    expect(answer.status).toBe(2);
    expect(answer.stderr).toMatch(/^unknown option --json for pnpm release prune\n/);
  });

  it('says which option lacks its value', () => {
    expect(release('rollback', 'seller', '--to')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--to needs a value\n/),
    });
    expect(release('promote', 'seller', 'v1', '--canary', '--auto')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--canary needs a value\n/),
    });
    expect(release('list', '--json=yes')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--json takes no value\n/),
    });
  });

  it('reads options before or after the unit and version', () => {
    expect(release('promote', '--canary', '10', 'seller', 'v1')).toMatchObject({
      status: 1,
      stderr: 'seller v1 is not a kept release (see pnpm release list seller)',
    });
    expect(release('promote', 'seller', 'v1', '--auto')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--auto needs --canary <percent>: the step it starts at\n/),
    });
    expect(release('promote', '--set', '--auto', 'seller=v1', 'admin=v2')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--auto moves one unit on by its own figures/),
    });
  });

  it('lists an empty registry as JSON, and prunes nothing from it', () => {
    const listed = release('list', 'seller', '--json');
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ remotes: { seller: { live: null, canary: null } } });
    expect(release('prune', '--dry-run')).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('prints the usage when asked, and refuses no command or an unknown one', () => {
    expect(release('help')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^usage:\n/) });
    expect(release()).toMatchObject({ status: 2, stderr: expect.stringMatching(/^no command\nusage:/) });
    expect(release('deploy')).toMatchObject({ status: 2, stderr: expect.stringMatching(/^unknown command deploy\n/) });
  });
});
