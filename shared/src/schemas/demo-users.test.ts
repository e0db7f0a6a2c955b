import fs from 'node:fs';
import path from 'node:path';
import * as schemas from './index';
import { DEMO_USERS } from './demo-users';

/** Every module the schemas entry pulls in, followed through its relative imports and re-exports. */
function modulesOf(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = fs.readFileSync(entry, 'utf8');
  for (const [, spec] of source.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
    const file = path.resolve(path.dirname(entry), spec!);
    modulesOf(file.endsWith('.json') ? file : `${file}.ts`, seen);
  }
  return seen;
}

describe('the demo accounts', () => {
  it('stay out of @bookswap/shared/schemas, which the browser bundles', () => {
    expect(schemas).not.toHaveProperty('DEMO_USERS');
    const modules = modulesOf(path.join(__dirname, 'index.ts'));
    expect(modules.size).toBeGreaterThan(5);
    for (const file of modules) {
      const source = fs.readFileSync(file, 'utf8');
      for (const { password } of DEMO_USERS) expect([file, source.includes(`'${password}'`)]).toEqual([file, false]);
    }
  });
});
