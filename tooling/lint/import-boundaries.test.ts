import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');

type Probe = [file: string, code: string];

/**
 * Lints each line of code as if it were a file at that path in the workspace, with the workspace's own
 * eslint.config.mjs, in one child process (ESLint's API is ESM; Jest runs CommonJS). Returns, per probe,
 * the messages of `no-restricted-imports`.
 */
function boundaryErrors(probes: Probe[]): string[][] {
  const script = `
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: process.cwd() });
    const probes = JSON.parse(process.argv[1]);
    const out = [];
    for (const [filePath, code] of probes) {
      const [report] = await eslint.lintText(code + '\\nexport const probe = imported;\\n', { filePath });
      out.push(report.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(out));
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as string[][];
}

const refused: Probe[] = [
  ['remote-seller/src/probe.ts', "import imported from '../../remote-admin/src/routes';"],
  ['remote-seller/src/probe.ts', "import imported from '@bookswap/remote-admin/routes';"],
  ['remote-checkout/src/probe.ts', "import imported from '../../shell/src/app/AppFrame';"],
  ['remote-admin/src/probe.ts', "import imported from '../../tooling/dev-host/mount-dev-host';"],
  ['shell/src/probe.ts', "import imported from '@bookswap/remote-storefront/routes';"],
  ['shared/src/probe.ts', "import imported from '@bookswap/shared/api';"],
  ['shared/src/probe.ts', "import imported from '../../server/src/app';"],
  ['server/src/probe.ts', "import imported from '@bookswap/shared/ui';"],
  ['server/src/probe.ts', "import imported from '../../shared/src/api/products';"],
  ['remote-storefront/src/probe.ts', "import { useNavigate } from 'react-router';"],
  ['shared/src/probe.ts', "import { RouterProvider } from 'react-router/dom';"],
];
const allowed: Probe[] = [
  ['remote-seller/src/probe.ts', "import imported from '@bookswap/shared/api';"],
  ['remote-seller/src/probe.ts', "import imported from './my-products/MyProductsPage';"],
  ['shell/src/probe.ts', "import imported from '@bookswap/shared/routing';"],
  ['shared/src/probe.ts', "import imported from '../api/products';"],
  ['server/src/probe.ts', "import imported from '@bookswap/shared/schemas';"],
  ['remote-storefront/src/probe.ts', "import { useNavigate } from 'react-router-dom';"],
  ['shell/src/federation/router-kit.ts', "export { useNavigate } from 'react-router';"],
];

jest.setTimeout(60_000);
let verdicts: string[][];
beforeAll(() => {
  verdicts = boundaryErrors([...refused, ...allowed]);
});

describe('pnpm lint keeps the packages apart', () => {
  it.each(refused.map((probe, index) => [...probe, index] as const))('refuses, in %s, %s', (_file, _code, index) => {
    expect(verdicts[index]).not.toEqual([]);
  });

  it.each(allowed.map((probe, index) => [...probe, refused.length + index] as const))(
    'allows, in %s, %s',
    (_file, _code, index) => {
      expect(verdicts[index]).toEqual([]);
    },
  );
});
