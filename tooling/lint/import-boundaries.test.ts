import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');

type Probe = [file: string, code: string];

/**
 * Lints each line of code as if it were a file at that path in the workspace, with the workspace's own
 * eslint.config.mjs, in one child process (ESLint's API is ESM; Jest runs CommonJS). Returns, per probe,
 * the messages of `no-restricted-imports` (package boundaries) and its typescript-eslint twin (server layers).
 */
function boundaryErrors(probes: Probe[]): string[][] {
  const script = `
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: process.cwd() });
    const probes = JSON.parse(process.argv[1]);
    const out = [];
    for (const [filePath, code] of probes) {
      const [report] = await eslint.lintText(code + '\\nexport const probe = imported;\\n', { filePath });
      out.push(report.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message));
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
  // The server's layers: only repositories write SQL; routes -> services -> repositories -> db, never back.
  ['server/src/routes/probe.ts', "import imported from '../repositories/products-repository';"],
  ['server/src/routes/probe.ts', "import imported from '../db/database';"],
  ['server/src/routes/probe.ts', "import { eq as imported } from 'drizzle-orm';"],
  ['server/src/http/probe.ts', "import imported from '../db/schema';"],
  ['server/src/services/probe.ts', "import imported from '../db/schema';"],
  ['server/src/services/probe.ts', "import { sql as imported } from 'drizzle-orm';"],
  ['server/src/services/probe.ts', "import imported from '../routes/products';"],
  ['server/src/services/probe.ts', "import type { FastifyRequest as imported } from 'fastify';"],
  ['server/src/payments/probe.ts', "import imported from '../db/schema';"],
  ['server/src/seed/probe.ts', "import imported from '../db/schema';"],
  ['server/src/probe.ts', "import imported from './db/schema';"],
  ['server/src/repositories/probe.ts', "import imported from '../services/listings';"],
  ['server/src/repositories/probe.ts', "import imported from '../errors/http-error';"],
  ['server/src/db/probe.ts', "import imported from '../repositories/products-repository';"],
  ['remote-storefront/src/probe.ts', "import { useNavigate } from 'react-router';"],
  ['shared/src/probe.ts', "import { RouterProvider } from 'react-router/dom';"],
  // The registry's stores need Node's file system and a database driver: never in a browser bundle.
  ['remote-admin/src/probe.ts', "import imported from '@bookswap/shared/release-registry-file';"],
  ['shell/src/probe.ts', "import imported from '@bookswap/shared/release-registry';"],
];
const allowed: Probe[] = [
  ['remote-seller/src/probe.ts', "import imported from '@bookswap/shared/api';"],
  ['remote-seller/src/probe.ts', "import imported from './my-products/MyProductsPage';"],
  ['shell/src/probe.ts', "import imported from '@bookswap/contract/routing';"],
  ['shared/src/probe.ts', "import imported from '../api/products';"],
  ['server/src/probe.ts', "import imported from '@bookswap/shared/schemas';"],
  ['server/src/services/releases/probe.ts', "import imported from '@bookswap/shared/release-registry-file';"],
  ['remote-storefront/src/probe.ts', "import { useNavigate } from 'react-router-dom';"],
  ['shell/src/federation/router-kit.ts', "export { useNavigate } from 'react-router';"],
  ['server/src/routes/probe.ts', "import imported from '../services/listings';"],
  ['server/src/routes/probe.ts', "import type { ProductRow as imported } from '../repositories/products-repository';"],
  ['server/src/services/probe.ts', "import imported from '../repositories/products-repository';"],
  ['server/src/services/payments/probe.ts', "import imported from '../../errors/http-error';"],
  ['server/src/repositories/probe.ts', "import imported from '../db/schema';"],
  ['server/src/repositories/probe.ts', "import imported from 'drizzle-orm';"],
  ['server/src/routes/probe.test.ts', "import imported from '../db/schema';"],
];

/**
 * Writes two modules that import each other into a folder of the workspace, lints them with the workspace's
 * config, removes them, and returns the rules that fired.
 */
function cycleRules(): string[] {
  const script = `
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { ESLint } = await import('eslint');
    const dir = path.join(process.cwd(), 'tooling', 'lint', 'cycle-probe-' + process.pid);
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, 'first.ts'), "import { second } from './second';\\nexport const first = () => second;\\n");
      fs.writeFileSync(path.join(dir, 'second.ts'), "import { first } from './first';\\nexport const second = () => first;\\n");
      const reports = await new ESLint({ cwd: process.cwd() }).lintFiles([dir]);
      console.log(JSON.stringify(reports.flatMap((r) => r.messages.map((m) => m.ruleId))));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as string[];
}

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

describe('pnpm lint refuses import cycles anywhere in the workspace', () => {
  it('reports two modules that import each other', () => {
    expect(cycleRules()).toEqual(['import-x/no-cycle', 'import-x/no-cycle']);
  });
});
