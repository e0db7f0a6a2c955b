import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_ROUTES } from '@bookswap/contract/routing';
import { REMOTE_NAMES, UNIT_NAMES, UNITS } from './release-units';

const ROOT = join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The workspace's package folders, as pnpm-workspace.yaml lists them under `packages:`. */
function workspaceFolders(): string[] {
  const packages = /^packages:\n((?:\s+- .+\n)+)/m.exec(read('pnpm-workspace.yaml'))?.[1] ?? '';
  return [...packages.matchAll(/- (\S+)/g)].map((match) => match[1] ?? '');
}

describe('the one list of units (the shell and the remotes)', () => {
  it('names exactly the route owners of the contract, the shell first', () => {
    expect(UNIT_NAMES[0]).toBe('shell');
    expect([...UNIT_NAMES].sort()).toEqual([...new Set(ALL_ROUTES.map((route) => route.owner))].sort());
    expect(REMOTE_NAMES).toEqual(UNIT_NAMES.filter((name) => name !== 'shell'));
  });

  it('holds every workspace package built by webpack, and nothing else', () => {
    const built = workspaceFolders().filter((folder) => existsSync(join(ROOT, folder, 'webpack.config.cjs')));
    expect(built.length).toBeGreaterThan(0);
    expect([...UNITS.map((unit) => unit.folder)].sort()).toEqual(built.sort());
  });

  it.each(UNITS.map((unit) => [unit.name, unit] as const))(
    "gives %s's own webpack config its name, and only the shell is the host",
    (name, unit) => {
      const config = read(join(unit.folder, 'webpack.config.cjs'));
      expect(config).toContain(`name: '${name}'`);
      expect(config.includes('isHost: true')).toBe(name === 'shell');
    },
  );

  it('gives each unit a port of its own, as docs/architecture.md lists them', () => {
    expect(new Set(UNITS.map((unit) => unit.port)).size).toBe(UNITS.length);
    const ports = read('docs/architecture.md');
    for (const { folder, port } of UNITS) expect(ports).toMatch(new RegExp(`^\\| ${folder} +\\| ${port} +\\|`, 'm'));
  });

  it("is what the shell's deployed remotes.json names, on the remotes' ports", () => {
    const deployed = JSON.parse(read('shell/public/remotes.json')) as { name: string; entry: string }[];
    expect(deployed).toEqual(
      UNITS.filter((unit) => unit.name !== 'shell').map(({ name, port }) => ({
        name,
        entry: `http://localhost:${port}/mf-manifest.json`,
      })),
    );
  });

  it('is what the typecheck program and the one-bundle build cover', () => {
    const program = JSON.parse(read('tsconfig.browser-packages.json')) as { include: string[] };
    expect(program.include).toEqual(expect.arrayContaining(UNITS.map((unit) => `${unit.folder}/src`)));
    const oneBundle = read('tooling/one-bundle/federation-runtime.js');
    for (const unit of UNITS.filter((candidate) => candidate.name !== 'shell'))
      expect(oneBundle).toContain(`${unit.name}: () => import('../../${unit.folder}/src/routes')`);
  });
});
